// Every page of routes.ts, as a visitor and as an investor: axe-core on the rendered page (both
// projects: the DOM differs with and without JS) and vnu on the server's HTML (once, in `nojs`:
// the server's HTML does not depend on the browser).
import { test } from '@playwright/test';
import { LOGIN_PAGE, investorRoutes, visitorRoutes } from './routes';
import { checkA11y, checkHtml, login, loginPageUrl, rawHtml } from './helpers';

for (const route of visitorRoutes) {
  test(`visitor ${route}: axe and vnu`, async ({ page }, info) => {
    const url = route === LOGIN_PAGE ? await loginPageUrl(page) : route;
    await page.goto(url);
    await checkA11y(page);
    if (info.project.name === 'nojs') await checkHtml(await rawHtml(page, url), `visitor ${route}`);
  });
}

for (const route of investorRoutes) {
  test(`investor ${route}: axe and vnu`, async ({ page }, info) => {
    await login(page);
    await page.goto(route);
    await checkA11y(page);
    if (info.project.name === 'nojs') await checkHtml(await rawHtml(page, route), `investor ${route}`);
  });
}
