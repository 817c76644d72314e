/**
 * axe-core on every route of the SPEC (public ones logged out, the others as `admin`), in the dark
 * (default) and the light theme: no serious or critical violation anywhere. Ids are the first
 * record of each demo list, read through the API; one login per part, one page reused.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, auth, lastMailTo, linkIn, uiLogin } from './helpers';

type Violation = { id: string; impact: string | null | undefined; help: string; nodes: string[] };

/**
 * Serious and critical violations on the page as it is now. `rules`: only these (the light pass
 * runs the colour rules: every other rule reads the same markup in both themes).
 */
async function seriousViolations(page: Page, rules?: string[]): Promise<Violation[]> {
  let axe = new AxeBuilder({ page }).exclude('.swal2-container').options({ resultTypes: ['violations'] });
  if (rules) axe = axe.withRules(rules);
  const r = await axe.analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

/** Until the page has drawn its data: no spinner, skeleton or busy region left (10 s at most: a page may poll). */
async function settle(page: Page) {
  await page.locator('h1, h2').first().waitFor({ state: 'visible', timeout: 15_000 }).catch(() => {});
  await page
    .waitForFunction(
      () => !document.querySelector('main [role="progressbar"], main .MuiSkeleton-root, main [aria-busy="true"], main .MuiLinearProgress-root, main .MuiCircularProgress-root'),
      undefined,
      { timeout: 10_000, polling: 100 },
    )
    .catch(() => {});
  // Transitions (menus, fades) end before axe reads colours.
  await page.waitForTimeout(150);
}

type Ids = Record<string, number | string | undefined>;

/** The first record of each list the routes need (the demo organization's), and the public links' hashes. */
async function demoIds(request: APIRequestContext): Promise<Ids> {
  const { token } = await apiLogin(request, 'admin', 'admin12345');
  const first = async (path: string): Promise<number | undefined> => {
    const r = await request.get(`/api/${path}`, { headers: auth(token) });
    expect(r.status(), path).toBe(200);
    const body = (await r.json()) as { items?: { id: number }[] } | { id: number }[];
    return (Array.isArray(body) ? body : (body.items ?? []))[0]?.id;
  };
  const ids: Ids = {};
  for (const key of [
    'schedule', 'project', 'viability/unit/template', 'stock', 'section', 'product', 'patrimony', 'shipment-solicitation', 'shipment',
    'external-activity', 'external-activity/assistance-type', 'svc', 'lmc', 'lmx', 'site', 'asset', 'union', 'user', 'circuit',
    'circuit/unavailability', 'unit-organizational', 'organization-settings/data-source',
  ]) {
    ids[key] = await first(key);
  }
  // The demo organization (the platform's own is not on the list of an admin's organizations to edit).
  const orgs = (await (await request.get('/api/organization', { headers: auth(token) })).json()) as { items: { id: number; fantasy_name: string }[] };
  ids.organization = orgs.items.find((o) => o.fantasy_name === 'Demo Telecom')?.id ?? orgs.items[0]?.id;
  // A viability that has a unit (the bakery's accepted proposal).
  const viabilities = (await (await request.get('/api/viability', { headers: auth(token) })).json()) as { items: { id: number }[] };
  for (const v of viabilities.items) {
    const units = (await (await request.get(`/api/viability/${v.id}/unit`, { headers: auth(token) })).json()) as { id: number; public_hash: string | null }[];
    const unit = units.find((u) => u.public_hash);
    if (unit) {
      Object.assign(ids, { viability: v.id, unit: unit.id, hash: unit.public_hash! });
      break;
    }
  }
  ids.receiving = new URL(linkIn(await lastMailTo('tecnico@demotelecom.com.br', 10_000, '/receiving/'), '/receiving/')).pathname;
  return ids;
}

function publicRoutes(ids: Ids): string[] {
  return [
    '/login',
    '/register',
    '/forgot-password',
    '/forgot-password/reset/nao-existe',
    String(ids.receiving),
    '/confirmed',
    '/cannot-confirm/abc',
    `/viability/unit/viewer/${ids.hash}`,
    `/viability/unit/viewer/cannot/${ids.hash}`,
  ];
}

function privateRoutes(ids: Ids): string[] {
  const crud = (base: string, key = base.slice(1)) => [base, `${base}/create`, ...(ids[key] ? [`${base}/edit/${ids[key]}`] : [])];
  const { viability: v, unit: u } = ids;
  return [
    '/', '/my-account', '/my-patrimony', '/faq', '/settings', '/report', '/revision', '/warehouse', '/notifications', '/release-notes',
    '/schedule', `/schedule/${ids.schedule}`,
    ...crud('/project'), `/project/dashboard/${ids.project}`,
    '/viability', `/viability/${v}/unit`, `/viability/${v}/unit/create`, `/viability/${v}/unit/edit/${u}`, `/viability/${v}/unit/info/${u}`,
    ...crud('/viability/unit/template'),
    ...crud('/stock'), `/stock/info/${ids.stock}`,
    ...crud('/section'), `/section/info/${ids.section}`,
    ...crud('/product'),
    ...crud('/patrimony'),
    '/patrimony-solicitation', '/movements',
    ...crud('/shipment-solicitation'),
    '/shipment', `/shipment/edit/${ids.shipment}`,
    ...crud('/external-activity'), `/external-activity/manage/${ids['external-activity']}`,
    ...crud('/external-activity/assistance-type'),
    ...crud('/organization'), `/organization/edit/${ids.organization}?tab=unidades`,
    `/organization/${ids.organization}/unit-organizational/create`, `/unit-organizational/edit/${ids['unit-organizational']}`, `/unit-organizational/edit/${ids['unit-organizational']}?tab=membros`,
    ...crud('/svc'),
    ...crud('/lmc'), `/lmc/generate-script/${ids.lmc}`, `/lmc/topology/${ids.lmc}`,
    `/lmx/create/${ids.lmc}`, `/lmx/edit/${ids.lmx}`,
    ...crud('/site'), ...crud('/asset'), ...crud('/union'),
    '/locale', '/locale?tab=cidades',
    ...crud('/user'),
    ...crud('/circuit'), `/circuit/${ids.circuit}/unavailability/`, `/circuit/${ids.circuit}/unavailability/create`, `/circuit/unavailability/edit/${ids['circuit/unavailability']}`,
    '/wiki', '/wiki/search', '/wiki/procedimentos/rede',
    '/organization-settings',
    ...['external-activity', 'viability', 'warehouse', 'logistic', 'mikrotik', 'circuit'].map((s) => `/organization-settings/${s}`),
    ...crud('/organization-settings/data-source'),
  ];
}

test.describe('every route', () => {
  let ids: Ids;
  test.beforeAll(async ({ request }) => {
    ids = await demoIds(request);
  });

  // The routes in four parts, so that a slow machine meets one part's timeout, not the whole sweep's.
  // Each route is loaded once, in the dark theme (the default): every rule runs there; then the
  // theme is switched in place (the top bar's button, as a user does) and the colour rules run
  // again: every other rule reads the same markup in both themes. A second load per route cost
  // a third of the browser suite's machine time.
  const PARTS = 4;
  const LIGHT_RULES = ['color-contrast', 'link-in-text-block'];
  const background = { dark: 'rgb(18, 20, 23)', light: 'rgb(244, 246, 248)' };
  for (let part = 0; part < PARTS; part++) {
    test(`every route, dark and light theme, part ${part + 1}/${PARTS}: no serious or critical accessibility violation`, async ({ page }) => {
      test.setTimeout(600_000);
      const found: { path: string; theme: string; violations: Violation[] }[] = [];
      const record = (path: string, theme: string, violations: Violation[]) => {
        if (violations.length) found.push({ path, theme, violations });
      };
      /**
       * The page now in the light theme: the top bar's button when the page has one (as a user does;
       * it also saves the choice, put back right after), else a reload with the theme set before the app starts.
       */
      const toLight = async () => {
        const toggle = page.getByTestId('theme-toggle');
        if (await toggle.isVisible()) {
          await toggle.click();
          await expect(page.locator('body')).toHaveCSS('background-color', background.light);
          return async () => {
            await toggle.click();
            await expect(page.locator('body')).toHaveCSS('background-color', background.dark);
          };
        }
        await page.evaluate(() => sessionStorage.setItem('a11yTheme', 'light'));
        await page.reload();
        return () => page.evaluate(() => sessionStorage.removeItem('a11yTheme'));
      };
      const check = async (path: string) => {
        await settle(page);
        record(path, 'dark', await seriousViolations(page));
        const back = await toLight();
        await settle(page);
        record(path, 'light', await seriousViolations(page, LIGHT_RULES));
        await back();
      };
      // The theme the app reads from local storage on each load (SPEC §2: dark by default).
      await page.addInitScript(() => localStorage.setItem('darkTheme', String(sessionStorage.getItem('a11yTheme') !== 'light')));
      if (part === 0) {
        for (const path of publicRoutes(ids)) {
          await page.goto(path);
          await check(path);
        }
      }
      await page.goto('/login');
      await uiLogin(page, 'admin', 'admin12345');
      for (const path of privateRoutes(ids).filter((_, i) => i % PARTS === part)) {
        // A fresh load each: the page's own loading states.
        await page.goto(path);
        await check(path);
      }
      expect(found).toEqual([]);
    });
  }
});

test('"Pular para o conteúdo" is the first Tab stop and takes the focus to the page', async ({ page }) => {
  await uiLogin(page, 'gestor');
  await page.goto('/user');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next Tab lands inside the page, past the top bar and the side menu.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
});

test('the dashboard does not shift while it loads (CLS ≤ 0.1 on /), on a first visit and on a return', async ({ page }) => {
  await page.setViewportSize({ width: 1350, height: 940 }); // Lighthouse's desktop screen
  await uiLogin(page, 'gestor');
  await expect(page.getByRole('heading', { level: 2, name: 'Números da organização' })).toBeVisible();
  // Every layout shift of a load, up to the cards and figures drawn and a moment after.
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const load = async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'O que precisa de mim agora' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Números da organização' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Carregando o painel' })).toHaveCount(0);
    await page.waitForTimeout(1500);
    return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  };
  // A first visit: no remembered shape of the dashboard in this browser.
  await page.evaluate(() => localStorage.removeItem('dashboardShape'));
  expect(await load(), 'first visit').toBeLessThanOrEqual(0.1);
  expect(await load(), 'return visit').toBeLessThanOrEqual(0.1);
});
