// The pages the crawl checks with axe-core and vnu. Extend these lists as pages are added.

/** Marker for the sandbox login page (its URL carries client_id/state, so it is discovered). */
export const LOGIN_PAGE = '@login';

/** Pages a visitor (no session) can open. */
export const visitorRoutes: string[] = [LOGIN_PAGE, '/naoexiste-404', '/quero-investir', '/politica-de-privacidade'];

/** Pages of a logged-in investor (investidor@colheita.dev). */
export const investorRoutes: string[] = ['/', '/minha-conta/alterar-senha'];
