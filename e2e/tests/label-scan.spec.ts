import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import { chromium, expect, test } from '@playwright/test';
import { startedOrder, uiLogin } from './helpers';

/**
 * The label scanner with a real camera picture: Chromium's fake camera plays a file made here of an
 * equipment label (a Code 128 barcode of the serial, then a QR code of the MAC, drawn by ZXing's
 * writer), and the order's material form reads them as a technician does, with the scan buttons.
 * Debian's Chromium has no native BarcodeDetector: this is the app's WebAssembly reader at work.
 */
const require = createRequire(import.meta.url);

/** A 640×480 camera frame: the barcode, black on a white label, in the middle. */
async function labelFrame(text: string, format: 'Code128' | 'QRCode' | 'EAN13', scale: number) {
  prepareZXingModule({ overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/writer/zxing_writer.wasm')).buffer as ArrayBuffer } });
  const code = await writeBarcode(text, { format, scale });
  if (code.error || !code.image) throw new Error(`ZXing could not write ${text}: ${code.error}`);
  const png = Buffer.from(await code.image.arrayBuffer());
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#ffffff' } })
    .composite([{ input: png, gravity: 'center' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** An MJPEG file (JPEG frames one after another), as Chromium's fake camera plays it in a loop. */
const mjpeg = (frame: Buffer) => Buffer.concat(Array.from({ length: 10 }, () => frame));

test("the camera reads an ONU's label: its Code 128 serial and its QR code's MAC fill the material form", async ({ request }) => {
  test.setTimeout(120_000);
  const { order } = await startedOrder(request, { client_name: `Cliente etiqueta ${Date.now().toString(36)}` });
  const dir = mkdtempSync(path.join(tmpdir(), 'operacoes-camera-'));
  const video = path.join(dir, 'label.mjpeg');
  writeFileSync(video, mjpeg(await labelFrame('ZTEGC8A1B2C3', 'Code128', 2)));
  const { launchOptions, baseURL } = test.info().project.use;
  const browser = await chromium.launch({
    ...launchOptions,
    args: [...(launchOptions?.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', serviceWorkers: 'block', permissions: ['camera'] });
    const page = await context.newPage();
    await uiLogin(page, 'tecnico');
    await page.goto(`/external-activity/manage/${order.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Atividade ${order.code}`, { timeout: 60_000 });

    // The serial: the scan button beside the field, the camera dialog, and the field filled when it reads.
    const serial = page.getByLabel('Nº de série (opcional)');
    await expect(serial).toHaveValue('');
    await page.getByRole('button', { name: 'Ler o número de série com a câmera' }).click();
    // The camera's dialog closes by itself once the code is read, so fast once the WebAssembly reader
    // is loaded (on the first scan) that it may be gone before it is looked for: the field is what counts.
    await expect(serial).toHaveValue('ZTEGC8A1B2C3', { timeout: 60_000 });
    await expect(page.getByRole('dialog', { name: 'Ler o número de série' })).toBeHidden();

    // The MAC, from the label's QR code: the camera is opened anew and plays the new picture.
    writeFileSync(video, mjpeg(await labelFrame('MAC: E0247FA1B2C3', 'QRCode', 6)));
    const mac = page.getByLabel('MAC (opcional)');
    await page.getByRole('button', { name: 'Ler o MAC com a câmera' }).click();
    await expect(mac).toHaveValue('E0:24:7F:A1:B2:C3', { timeout: 60_000 });
    await expect(page.getByRole('dialog', { name: 'Ler o MAC' })).toBeHidden();
    // Each read filled its own field only.
    await expect(serial).toHaveValue('ZTEGC8A1B2C3');
    await context.close();
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
