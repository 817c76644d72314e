/**
 * Reading labels with the camera: QR codes (the patrimony tag's link) and the barcodes printed on
 * equipment labels (Code 128, EAN-13/8: serial numbers, MACs). The browser's own `BarcodeDetector`
 * when it reads these formats (Chrome on Android); otherwise the `barcode-detector` ponyfill (ZXing
 * compiled to WebAssembly), loaded only when a scan starts, its .wasm served by the app itself (and
 * kept by the service worker, so it reads without signal too).
 */
export type CodeFormat = 'qr_code' | 'code_128' | 'ean_13' | 'ean_8';
export const LABEL_FORMATS: CodeFormat[] = ['qr_code', 'code_128', 'ean_13', 'ean_8'];

export type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type DetectorClass = { new (o: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> };

/** A detector of `formats`: the native one when it reads them all, else the WebAssembly one. */
export async function codeDetector(formats: CodeFormat[] = LABEL_FORMATS): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native) {
    const supported = await native.getSupportedFormats().catch(() => [] as string[]);
    if (formats.every((f) => supported.includes(f))) return new native({ formats });
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([import('barcode-detector/ponyfill'), import('zxing-wasm/reader/zxing_reader.wasm?url')]);
  prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) } });
  return new BarcodeDetector({ formats });
}

/** The MAC a label's code holds ("MAC: E0247FA1B2C3", "e0:24:7f:a1:b2:c3"…), as AA:BB:CC:DD:EE:FF; null when none. */
export function macFromLabel(text: string): string | null {
  const m = text.match(/(?<![0-9a-f])(?:[0-9a-f]{2}[:-]?){5}[0-9a-f]{2}(?![0-9a-f])|(?<![0-9a-f])[0-9a-f]{4}\.[0-9a-f]{4}\.[0-9a-f]{4}(?![0-9a-f])/i);
  if (!m) return null;
  const hex = m[0].replace(/[^0-9a-f]/gi, '').toUpperCase();
  return hex.length === 12 ? hex.match(/../g)!.join(':') : null;
}

/** The serial a label's code holds, without a printed "S/N:" or "SN" before it. */
export const serialFromLabel = (text: string) => text.trim().replace(/^(?:s\/?n|serial(?: number)?|n[ºo°]? de s[ée]rie)(?:\s*[:#-]\s*|\s+)/i, '').trim();
