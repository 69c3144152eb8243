// The pages foco.spec.ts opens for their titles, their fit and its focus sweep: every page a
// visitor and an investor reach without creating anything first.

export const OFFER = '/investir/fazenda-santa-luzia-soja-2027';
/** A finished offering (routes.ts: the closed detail). */
export const CLOSED = '/investir/soja-fazenda-tres-irmaos-cruz-alta';
/** A draft offering's preview (seed id 35), as in routes.ts. */
export const PREVIEW = '/preview/35';

export const visitorPages = ['/investir', '/investir?Visao=cartoes', OFFER, '/quero-investir', '/naoexiste-404'];

export const investorPages = [
  '/',
  '/investir',
  '/investir?Visao=cartoes',
  OFFER,
  '/carteira',
  '/carteira?toggle=true',
  '/carteira/alocacao',
  '/carteira/agenda',
  '/carteira/simulador?valor=10.000,00',
  '/minha-conta/alterar-senha',
  '/minha-conta',
  '/minha-conta/dados-cadastrais',
  '/minha-conta/dados-cadastrais/endereco',
  '/minha-conta/dados-cadastrais/perfil-investidor',
  '/minha-conta/dados-cadastrais/documentos',
  '/minha-conta/conta-bancaria',
  '/minha-conta/declaracao-investidor',
  '/minha-conta/meus-termos',
  '/minha-conta/extrato?dias=30',
  '/minha-conta/informe-rendimento',
  '/notificacoes',
  '/notificacoes?aba=lidos',
  '/renda-variavel?CodigoSetor=3',
  `${OFFER}/ordem`,
  PREVIEW,
];
