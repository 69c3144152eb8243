//! Every path of the web app, defined once: the router takes the patterns (`{id}` is an
//! axum capture), links and redirects take the builders, and the tests take both. A test
//! (`tests/app/routes.rs`) fails when a handler or view writes a site path as a literal.

pub const HOME: &str = "/";
pub const INVESTIR: &str = "/investir";
pub const CAPTACAO: &str = "/investir/{url}";
pub const CAPTACAO_DOCUMENTO: &str = "/investir/{url}/documento";
pub const CAPTACAO_SIMULAR: &str = "/investir/{url}/simular";
/// Step 1 of the order: the amount, which creates the reservation.
pub const CAPTACAO_RESERVAR: &str = "/investir/{url}/ordem";
pub const PREVIEW: &str = "/preview/{id}";
pub const RESERVA: &str = "/reservas/{id}";
pub const RESERVA_TERMOS: &str = "/reservas/{id}/termos";
pub const RESERVA_CONFIRMAR: &str = "/reservas/{id}/confirmar";
pub const QUERO_INVESTIR: &str = "/quero-investir";
pub const QUERO_INVESTIR_SUCESSO: &str = "/quero-investir/sucesso";
pub const POLITICA_PRIVACIDADE: &str = "/politica-de-privacidade";
/// What to know before investing: the risks explained in plain words (public).
pub const ANTES_DE_INVESTIR: &str = "/antes-de-investir";
/// The platform's track record, year by year (public), and the same table as CSV.
pub const TRANSPARENCIA: &str = "/transparencia";
pub const TRANSPARENCIA_CSV: &str = "/transparencia.csv";
pub const AUTENTICACAO: &str = "/autenticacao";
pub const ENTRAR: &str = "/entrar";
pub const SAIR: &str = "/sair";
pub const VISIBILIDADE: &str = "/visibilidade";
pub const HEALTHZ: &str = "/healthz";
pub const CARTEIRA: &str = "/carteira";
pub const CARTEIRA_ALOCACAO: &str = "/carteira/alocacao";
pub const CARTEIRA_ALOCACAO_PDF: &str = "/carteira/alocacao.pdf";
pub const CARTEIRA_SIMULADOR: &str = "/carteira/simulador";
/// The payment calendar; its filter in the query (`captacao`, `situacao`).
pub const CARTEIRA_AGENDA: &str = "/carteira/agenda";
/// The payment calendar as an iCalendar file, with the page's filter.
pub const CARTEIRA_AGENDA_ICS: &str = "/carteira/agenda.ics";
/// The realised return of each holding and of the wallet, and where the money is.
pub const CARTEIRA_RENTABILIDADE: &str = "/carteira/rentabilidade";
pub const CARTEIRA_CONTRATO: &str = "/carteira/reservas/{id}/contrato";
pub const CARTEIRA_DOCUMENTO: &str = "/carteira/reservas/{id}/documentos/{doc}";
/// One holding: its situation, its story and the issuer's updates.
pub const CARTEIRA_INVESTIMENTO: &str = "/carteira/investimentos/{url}";
/// The report PDF of one of the issuer's updates, for a holder of the offering.
pub const CARTEIRA_RELATORIO: &str = "/carteira/investimentos/{url}/atualizacoes/{id}/relatorio";
/// The withdrawal (desistência) of a reservation: GET asks for confirmation, POST withdraws.
pub const CARTEIRA_DESISTENCIA: &str = "/carteira/reservas/{id}/desistencia";
pub const MINHA_CONTA: &str = "/minha-conta";
/// The registration data; shows its first sub-tab, informacoes-pessoais.
pub const DADOS_CADASTRAIS: &str = "/minha-conta/dados-cadastrais";
pub const DADOS_PESSOAIS: &str = "/minha-conta/dados-cadastrais/informacoes-pessoais";
pub const DADOS_ENDERECO: &str = "/minha-conta/dados-cadastrais/endereco";
pub const DADOS_PERFIL: &str = "/minha-conta/dados-cadastrais/perfil-investidor";
pub const DADOS_DOCUMENTOS: &str = "/minha-conta/dados-cadastrais/documentos";
/// One registration document: GET downloads it, POST sends (or replaces) the file of a type.
pub const DADOS_DOCUMENTO: &str = "/minha-conta/dados-cadastrais/documentos/{tipo}";
/// POST: the verification request ('Verificar perfil').
pub const VERIFICAR_PERFIL: &str = "/minha-conta/dados-cadastrais/verificar";
pub const CONTA_BANCARIA: &str = "/minha-conta/conta-bancaria";
/// The annual-limit declaration; `?voltar={url}` returns to that offering's order after saving.
pub const DECLARACAO_INVESTIDOR: &str = "/minha-conta/declaracao-investidor";
pub const MEUS_TERMOS: &str = "/minha-conta/meus-termos";
pub const MEUS_TERMOS_DOCUMENTO: &str = "/minha-conta/meus-termos/{tipo}";
/// The tax-return download: GET with `?ano=`.
pub const IMPOSTO_DE_RENDA: &str = "/minha-conta/imposto-de-renda";
pub const ALTERAR_SENHA: &str = "/minha-conta/alterar-senha";
/// The statement; its filter lives in the query (Page, PageSize, dataInicio, dataFim, dias,
/// codigoCliente, FieldSearch, Tipo, Produto, Status, clear).
pub const EXTRATO: &str = "/minha-conta/extrato";
/// The statement's exports, with the statement's filter in the query.
pub const EXTRATO_CSV: &str = "/minha-conta/extrato.csv";
pub const EXTRATO_OFX: &str = "/minha-conta/extrato.ofx";
pub const EXTRATO_PDF: &str = "/minha-conta/extrato.pdf";
pub const INFORME_RENDIMENTO: &str = "/minha-conta/informe-rendimento";
/// The income report's file: the last registration document of type Others.
pub const INFORME_RENDIMENTO_ARQUIVO: &str = "/minha-conta/informe-rendimento/arquivo";
/// The notifications: 'Não lidos' by default, `?aba=lidos` for the read ones.
pub const NOTIFICACOES: &str = "/notificacoes";
/// One notification's detail (opening it marks it read).
pub const NOTIFICACAO: &str = "/notificacoes/{id}";
/// POST: 'Configurar notificações' (the app toggle).
pub const NOTIFICACOES_CONFIGURACOES: &str = "/notificacoes/configuracoes";
/// The products of an investment category: `?CodigoSetor=&Page=&PageSize=`.
pub const RENDA_VARIAVEL: &str = "/renda-variavel";
pub const ASSETS_PREFIX: &str = "/assets/";
/// Every cookie of the app covers the whole site.
pub const COOKIE_PATH: &str = "/";

/// Characters a friendly URL keeps as they are in a path segment; anything else
/// (a space, `/`, `?`, `#`, non-ASCII) is percent-encoded, so an odd `urlAmigavel` from
/// the platform can never change which route a link reaches.
const SEGMENT: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~');

fn segment(s: &str) -> percent_encoding::PercentEncode<'_> {
    percent_encoding::utf8_percent_encode(s, SEGMENT)
}

/// `{prefix}/{value}{rest}`. A value that cannot be a segment (`.`, `..`, empty) links
/// to `prefix` itself: a browser resolves dot segments, even percent-encoded ones, so
/// `/investir/..` would leave the route.
fn under(prefix: &str, value: &str, rest: &str) -> String {
    if crate::domain::segmento::is_segment(value) {
        format!("{prefix}/{}{rest}", segment(value))
    } else {
        prefix.to_owned()
    }
}

/// `/investir/{url}`: the offering detail.
pub fn captacao(url: &str) -> String {
    under(INVESTIR, url, "")
}

/// The detail's "Investir" anchor, where the sidebar with the order button sits.
pub fn captacao_investir(url: &str) -> String {
    under(INVESTIR, url, "#investir")
}

/// The operation PDF (the last PdfCaptacao document).
pub fn captacao_documento(url: &str) -> String {
    under(INVESTIR, url, "/documento")
}

/// The query naming the essential-information document on the document route.
pub const TIPO_INFORMACOES_ESSENCIAIS: &str = "InformacoesEssenciais";

/// The offering's essential information (CVM 88) as a PDF, through the document route.
pub fn captacao_informacoes_essenciais(url: &str) -> String {
    format!(
        "{}?tipo={TIPO_INFORMACOES_ESSENCIAIS}",
        captacao_documento(url)
    )
}

/// The detail's risk alerts section (CVM 88), which the warning points to.
pub fn captacao_alertas(url: &str) -> String {
    under(INVESTIR, url, "#alertas-de-risco")
}

pub fn captacao_simular(url: &str) -> String {
    under(INVESTIR, url, "/simular")
}

pub fn captacao_reservar(url: &str) -> String {
    under(INVESTIR, url, "/ordem")
}

pub fn preview(id: i64) -> String {
    format!("/preview/{id}")
}

pub fn reserva(id: i64) -> String {
    format!("/reservas/{id}")
}

pub fn reserva_termos(id: i64) -> String {
    format!("{}/termos", reserva(id))
}

pub fn reserva_confirmar(id: i64) -> String {
    format!("{}/confirmar", reserva(id))
}

/// Home with the 'Detalhe da reserva' side panel open.
pub fn home_reserva(id: i64) -> String {
    format!("{HOME}?reserva={id}#detalhe-reserva")
}

/// The wallet with every accordion open.
pub fn carteira_expandida() -> String {
    format!("{CARTEIRA}?toggle=true")
}

/// The wallet with a reservation's cash-flow panel.
pub fn carteira_fluxo(id: i64) -> String {
    format!("{CARTEIRA}?fluxo={id}#painel")
}

/// The wallet with a reservation's documents panel.
pub fn carteira_documentos(id: i64) -> String {
    format!("{CARTEIRA}?documentos={id}#painel")
}

pub fn carteira_contrato(id: i64) -> String {
    format!("{CARTEIRA}/reservas/{id}/contrato")
}

pub fn carteira_desistencia(id: i64) -> String {
    format!("{CARTEIRA}/reservas/{id}/desistencia")
}

/// `/carteira/investimentos/{url}`: the holding in the offering at `url`.
pub fn carteira_investimento(url: &str) -> String {
    holding(url, "")
}

/// The report PDF of the update `id` of the offering at `url`.
pub fn carteira_investimento_relatorio(url: &str, id: i64) -> String {
    holding(url, &format!("/atualizacoes/{id}/relatorio"))
}

/// A holding's address and `rest`; a value that cannot be a segment links to the wallet.
fn holding(url: &str, rest: &str) -> String {
    if crate::domain::segmento::is_segment(url) {
        format!("{CARTEIRA}/investimentos/{}{rest}", segment(url))
    } else {
        CARTEIRA.to_owned()
    }
}

/// The declaration, returning to the order of the offering at `url` once saved.
pub fn declaracao_voltar(url: &str) -> String {
    format!("{DECLARACAO_INVESTIDOR}?voltar={}", segment(url))
}

pub fn carteira_documento(id: i64, doc: i64) -> String {
    format!("{CARTEIRA}/reservas/{id}/documentos/{doc}")
}

/// A registration document by its type (`IdentityDocument`…).
pub fn dados_documento(tipo: &str) -> String {
    under(DADOS_DOCUMENTOS, tipo, "")
}

/// A document of 'Meus termos' by its slug.
pub fn meus_termos_documento(tipo: &str) -> String {
    under(MEUS_TERMOS, tipo, "")
}

/// The tax-return PDF of a year.
pub fn imposto_de_renda(ano: i32) -> String {
    format!("{IMPOSTO_DE_RENDA}?ano={ano}")
}

pub fn notificacao(id: i64) -> String {
    format!("{NOTIFICACOES}/{id}")
}

/// A notifications tab (`lidos` or the default `nao-lidos`) at a page.
pub fn notificacoes_aba(read: bool, page: u32) -> String {
    let aba = if read { "lidos" } else { "nao-lidos" };
    if page > 1 {
        format!("{NOTIFICACOES}?aba={aba}&Page={page}")
    } else {
        format!("{NOTIFICACOES}?aba={aba}")
    }
}

/// The statement with a query already encoded (`Page=2&dias=30…`).
pub fn extrato(query: &str) -> String {
    if query.is_empty() {
        EXTRATO.to_owned()
    } else {
        format!("{EXTRATO}?{query}")
    }
}

/// `path` with a query already encoded, or alone when the query is empty.
fn with_query(path: &str, query: &str) -> String {
    if query.is_empty() {
        path.to_owned()
    } else {
        format!("{path}?{query}")
    }
}

/// The payment calendar with its filter (`captacao=12&situacao=previsto`, encoded).
pub fn carteira_agenda(query: &str) -> String {
    with_query(CARTEIRA_AGENDA, query)
}

/// The calendar file with the page's filter.
pub fn carteira_agenda_ics(query: &str) -> String {
    with_query(CARTEIRA_AGENDA_ICS, query)
}

/// A statement export (`EXTRATO_CSV`, `EXTRATO_OFX`, `EXTRATO_PDF`) with the statement's
/// filter.
pub fn extrato_exportar(export: &str, query: &str) -> String {
    with_query(export, query)
}

/// A category's products at a page and page size.
pub fn renda_variavel(codigo_setor: &str, page: u32, page_size: u32) -> String {
    let q = serde_urlencoded::to_string([
        ("CodigoSetor", codigo_setor.to_owned()),
        ("Page", page.to_string()),
        ("PageSize", page_size.to_string()),
    ])
    .unwrap_or_default();
    format!("{RENDA_VARIAVEL}?{q}")
}

/// The simulator carrying the offering list's query string (search and filters).
pub fn carteira_simulador(query: &str) -> String {
    if query.is_empty() {
        CARTEIRA_SIMULADOR.to_owned()
    } else {
        format!("{CARTEIRA_SIMULADOR}?{query}")
    }
}

/// Routes that need a logged-in investor. Anything else is public:
/// the offering list and detail, sign-up, the login callback, assets, and unknown paths,
/// which show the 404 page to everybody.
const PRIVATE_PREFIXES: &[&str] = &[
    "/carteira",
    "/minha-conta",
    "/notificacoes",
    "/renda-variavel",
    "/preview",
    "/reservas",
];

pub fn is_private(path: &str) -> bool {
    path == HOME
        || PRIVATE_PREFIXES
            .iter()
            .any(|p| path == *p || path.strip_prefix(p).is_some_and(|r| r.starts_with('/')))
}

/// Paths where the session guard has nothing to do (no cookies read, no refresh).
pub fn skips_session(path: &str) -> bool {
    path.starts_with(ASSETS_PREFIX) || path == HEALTHZ
}

/// A return address is kept only when it is a path of this site: no scheme, no host,
/// no protocol-relative `//`, no backslash tricks, no control characters, and never the
/// login machinery itself.
pub fn safe_return_path(candidate: &str) -> Option<String> {
    let ok = candidate.starts_with('/')
        && !candidate.starts_with("//")
        && !candidate.contains('\\')
        && !candidate.chars().any(|c| c.is_control())
        && candidate.len() <= 2000;
    let path = candidate.split(['?', '#']).next().unwrap_or_default();
    let machinery = [AUTENTICACAO, ENTRAR, SAIR, VISIBILIDADE];
    (ok && !machinery.contains(&path)).then(|| candidate.to_owned())
}

#[cfg(test)]
mod tests;
