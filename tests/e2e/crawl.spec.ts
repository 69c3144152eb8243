// Every page of routes.ts, as a visitor and as an investor: axe-core on the rendered page (both
// projects: the DOM differs with and without JS) and vnu on the server's HTML (once, in `nojs`:
// the server's HTML does not depend on the browser).
import { expect, test, type BrowserContext } from '@playwright/test';
import { LOGIN_PAGE, investorRoutes, visitorRoutes } from './routes';
import { APP_URL, checkA11y, checkHtml, login, loginPageUrl, rawHtml } from './helpers';

for (const route of visitorRoutes) {
  test(`visitor ${route}: axe and vnu`, async ({ page }, info) => {
    const url = route === LOGIN_PAGE ? await loginPageUrl(page) : route;
    await page.goto(url);
    await checkA11y(page);
    if (info.project.name === 'nojs') await checkHtml(await rawHtml(page, url), `visitor ${route}`);
  });
}

// One login for all the investor's pages of a worker: the first test logs in as a person does,
// each next test starts with the cookies the last one ended with, as one person browsing on (a
// login per page took longer than the page's checks; the session's cookie changes as the app
// renews the platform's tokens). Each page must then still be the app's, not the login page.
let session: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
test.describe('as the investor', () => {
  test.use({ storageState: async ({}, use) => use(session) });
  test.afterEach(async ({ page }) => {
    session = await page.context().storageState();
  });

  for (const route of investorRoutes) {
    test(`investor ${route}: axe and vnu`, async ({ page }, info) => {
      if (!session) await login(page);
      await page.goto(route);
      await expect(page, `${route} opens for the investor`).toHaveURL((url) => url.origin === APP_URL);
      await checkA11y(page);
      if (info.project.name === 'nojs') await checkHtml(await rawHtml(page, route), `investor ${route}`);
    });
  }
});
