// The pages the crawl checks with axe-core and vnu. Extend these lists as pages are added.

/** Marker for the sandbox login page (its URL carries client_id/state, so it is discovered). */
export const LOGIN_PAGE = '@login';

/** Pages a visitor (no session) can open. */
export const visitorRoutes: string[] = [
  LOGIN_PAGE,
  '/naoexiste-404',
  '/quero-investir',
  '/politica-de-privacidade',
  '/antes-de-investir',
  '/transparencia',
];

/** Pages of a logged-in investor (investidor@colheita.dev). */
export const investorRoutes: string[] = ['/', '/minha-conta/alterar-senha', '/minha-conta/declaracao-investidor'];

// Offerings: list, cards, empty search, an open, a closed and a draft detail, the simulation
// page with results; the preview of a draft (seed id 35: 'Milho – Fazenda Sete Lagoas', 35th
// in src/sandbox/seed/offerings.json).
visitorRoutes.push(
  '/investir',
  '/investir?Visao=cartoes',
  '/investir?FieldSearch=xyzzy',
  '/investir/fazenda-santa-luzia-soja-2027',
  '/investir/soja-fazenda-tres-irmaos-cruz-alta',
  '/investir/milho-fazenda-sete-lagoas-chapadao-do-sul',
  '/investir/fazenda-santa-luzia-soja-2027/simular?valor=10.000,00',
);
investorRoutes.push('/preview/35', '/investir', '/investir/fazenda-santa-luzia-soja-2027');

// Investing, home and wallet (issues 5–6): the order's first step, the wallet with every
// accordion open, the detailed allocation and the simulator with results. The pages that need
// a reservation id (terms, summary, status, side panels) are checked in ordem.spec.ts and
// carteira.spec.ts, where the flow creates them.
investorRoutes.push(
  '/investir/fazenda-santa-luzia-soja-2027/ordem',
  '/carteira',
  '/carteira?toggle=true',
  '/carteira/alocacao',
  '/carteira/agenda',
  '/carteira/agenda?situacao=previsto',
  '/carteira/simulador?valor=10.000,00',
);
// The holdings' pages (/carteira/investimentos/{url}) name offerings the seed picks on the day it
// runs: investimento.spec.ts finds every one from the wallet and checks it (axe, vnu, 360 px).

// The account area, as the verified investor sees it (documents view-only); the
// editable forms of a Básico profile are checked in verificacao-do-perfil.spec.ts.
investorRoutes.push(
  '/minha-conta',
  '/minha-conta/dados-cadastrais',
  '/minha-conta/dados-cadastrais/endereco',
  '/minha-conta/dados-cadastrais/perfil-investidor',
  '/minha-conta/dados-cadastrais/documentos',
  '/minha-conta/conta-bancaria',
  '/minha-conta/meus-termos',
);

// Statement, income report, notifications and the category search: the default
// statement, one filtered by 30 days, a refused range (its 422 page), the read tab and a
// category with products and one without.
investorRoutes.push(
  '/minha-conta/extrato',
  '/minha-conta/extrato?dias=30&PageSize=20',
  '/minha-conta/extrato?dataInicio=01/01/2025&dataFim=01/01/2026',
  '/minha-conta/informe-rendimento',
  '/notificacoes',
  '/notificacoes?aba=lidos',
  '/renda-variavel?CodigoSetor=3',
  '/renda-variavel?CodigoSetor=10',
  '/renda-variavel?CodigoSetor=99',
);
