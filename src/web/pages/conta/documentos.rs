//! The documents sub-tab: one row per type (identity document and selfie with it, both
//! mandatory; the back of the ID, optional), 'Enviar' when none was sent and 'Substituir'
//! when one was, and the download of what was sent. Only a Básico profile may change
//! them. A file is checked by its content and size, and a photo loses its metadata (the
//! camera's location among it) before it leaves the web app.

use crate::web::extract::Path;
use axum::extract::Multipart;
use axum::extract::multipart::{MultipartError, MultipartRejection};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Json, Redirect};
use maud::{Markup, html};

use super::{DADOS_TITLE, load_registration, registration};
use crate::api::NewDocument;
use crate::api::models::{Cadastro, CadastroDocumento};
use crate::domain::documento::{self, FileKind, MAX_BYTES};
use crate::domain::reference::TipoDocumento;
use crate::domain::status::CadastroStatus;
use crate::web::error::{OnPage, wants_json};
use crate::web::ui::island::{self, EnvioDocumentoProps};
use crate::web::ui::{Page, download, format};
use crate::web::{Ctx, PageError, PageResult, routes};

pub const SAVED_TITLE: &str = "Sucesso!";
pub const SAVED_TEXT: &str = "Documento salvo";
/// The upload island's progress text ("Enviando… 42%").
pub const SENDING: &str = "Enviando";
pub const MSG_VIEW_ONLY: &str =
    "Os documentos só podem ser alterados enquanto o seu perfil é básico.";
/// What the router lets through for an upload: the 10 MB file and the form around it.
pub const UPLOAD_BODY_LIMIT: usize = MAX_BYTES + 1024 * 1024;

fn editable(r: &Cadastro) -> bool {
    !matches!(
        r.view().cadastro,
        Some(CadastroStatus::EmAnalise | CadastroStatus::Completo)
    )
}

fn sent(docs: &[CadastroDocumento], tipo: TipoDocumento) -> Option<&CadastroDocumento> {
    // The last one of a type is the one that counts.
    docs.iter()
        .rev()
        .find(|d| TipoDocumento::from_api(&d.tipo_documento) == Some(tipo))
}

fn row(tipo: TipoDocumento, doc: Option<&CadastroDocumento>, editable: bool) -> Markup {
    let id = format!("arquivo-{}", tipo.code());
    html! {
        li.documento-linha {
            h3 { (tipo.label()) " " span.texto-secundario { @if tipo.mandatory() { "(obrigatório)" } @else { "(opcional)" } } }
            @match doc {
                Some(d) => p {
                    "Enviado em " (format::date(d.data_envio.as_deref())) ": "
                    a href=(routes::dados_documento(tipo.code())) { (d.nome_documento.as_deref().unwrap_or("arquivo")) }
                },
                None => p.texto-secundario { "Nenhum arquivo enviado." },
            }
            @if editable {
                form.formulario-arquivo method="post" action=(routes::dados_documento(tipo.code())) enctype="multipart/form-data" {
                    div.campo {
                        label id=(format!("{id}-rotulo")) for=(id) { "Arquivo (.png, .jpg, .jpeg ou .pdf, até 10 MB)" }
                        // image/* lets a phone offer its camera as well as its files.
                        input id=(id) type="file" name="documento" required
                            accept=(format!("{},image/*", FileKind::ACCEPT));
                    }
                    button.botao.botao-secundario type="submit" {
                        @if doc.is_some() { "Substituir" } @else { "Enviar" }
                        span.sr-only { " " (tipo.label()) }
                    }
                }
            }
        }
    }
}

fn page(r: &Cadastro, docs: &[CadastroDocumento]) -> Page {
    let editable = editable(r);
    Page::new(
        DADOS_TITLE,
        registration(
            r.view(),
            routes::DADOS_DOCUMENTOS,
            html! {
                section aria-labelledby="documentos-titulo" {
                    h2 #documentos-titulo { "Documentos" }
                    @if editable {
                        p { "Envie uma foto nítida do seu documento de identidade e uma selfie segurando o documento. Dados de localização das fotos são removidos antes do envio." }
                    } @else {
                        p.mensagem.mensagem-info { "Seus documentos estão em análise ou já foram verificados: aqui você só pode consultá-los." }
                    }
                    @let list = html! {
                        ul.lista-documentos {
                            @for tipo in TipoDocumento::UPLOADABLE { (row(tipo, sent(docs, tipo), editable)) }
                        }
                    };
                    @if editable {
                        (island::mount(&EnvioDocumentoProps {
                            sending: SENDING.to_owned(),
                            failed: crate::api::GENERIC_ERROR.to_owned(),
                        }, list))
                    } @else {
                        (list)
                    }
                }
            },
        ),
    )
}

async fn load(ctx: &Ctx) -> PageResult<(Cadastro, Vec<CadastroDocumento>)> {
    let (r, docs) = tokio::join!(
        load_registration(ctx, DADOS_TITLE),
        ctx.app.api.cadastro_documentos(ctx.token()?)
    );
    let docs = match docs {
        Err(crate::api::ApiError::NotFound { .. }) => Vec::new(),
        other => other.on_page(DADOS_TITLE)?,
    };
    Ok((r?, docs))
}

/// `GET …/documentos`.
pub async fn view_documentos_get(ctx: Ctx) -> PageResult {
    let (r, docs) = load(&ctx).await?;
    Ok(ctx.render(page(&r, &docs)))
}

fn tipo_of(s: &str) -> PageResult<TipoDocumento> {
    TipoDocumento::from_code(s)
        .filter(|t| TipoDocumento::UPLOADABLE.contains(t))
        .ok_or(PageError::NotFound)
}

/// `GET …/documentos/{tipo}`: the file sent for a type.
pub async fn view_documento_get(ctx: Ctx, Path(tipo): Path<String>) -> PageResult {
    let tipo = tipo_of(&tipo)?;
    let (r, docs) = load(&ctx).await?;
    let Some(d) = sent(&docs, tipo) else {
        return Err(download::no_file(page(&r, &docs)));
    };
    let name = d
        .nome_documento
        .clone()
        .unwrap_or_else(|| tipo.code().to_owned());
    let blob = ctx
        .app
        .api
        .cadastro_documento(ctx.token()?, d.id, &name)
        .await;
    download::answer(blob, page(&r, &docs), &name, true, Some(download::FAILED))
}

/// The file part of the upload: its base name and bytes. A body over the limit reads as
/// too big; any other unreadable body (cut off, a broken boundary) says so.
async fn file_of(
    form: Result<Multipart, MultipartRejection>,
) -> Result<(String, bytes::Bytes), &'static str> {
    let unreadable = |e: MultipartError| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            documento::MSG_TOO_BIG
        } else {
            documento::MSG_BROKEN
        }
    };
    let mut form = form.map_err(|_| documento::MSG_BROKEN)?;
    loop {
        match form.next_field().await.map_err(unreadable)? {
            Some(field) if field.name() == Some("documento") => {
                let name = documento::base_name(field.file_name().unwrap_or_default()).to_owned();
                let bytes = field.bytes().await.map_err(unreadable)?;
                return Ok((name, bytes));
            }
            Some(_) => continue,
            None => return Err(documento::MSG_FILL),
        }
    }
}

/// `POST …/documentos/{tipo}`: Básico only; the file checked by content, size and name,
/// its photo metadata removed, then sent to the platform. The upload island asks for JSON:
/// `{"proximo"}` on success, `{"mensagem"}` with 422 on a refusal.
pub async fn view_documento_post(
    ctx: Ctx,
    Path(tipo): Path<String>,
    headers: HeaderMap,
    form: Result<Multipart, MultipartRejection>,
) -> PageResult {
    let tipo = tipo_of(&tipo)?;
    let (r, docs) = load(&ctx).await?;
    if !editable(&r) {
        return Err(PageError::alert(
            page(&r, &docs),
            MSG_VIEW_ONLY,
            StatusCode::FORBIDDEN,
        ));
    }
    let refused = |m: &'static str| PageError::refused(page(&r, &docs), m);
    let (name, bytes) = file_of(form).await.map_err(refused)?;
    let kind = documento::check_upload(&name, &bytes).map_err(|e| refused(e.message()))?;
    let clean = documento::strip_metadata(kind, bytes);
    let v = r.view();
    let new = NewDocument {
        user_id: v.id_text(),
        email: v.dados_basicos.email.clone().unwrap_or_default(),
        tipo_documento: tipo.api().to_owned(),
        nome_documento: name,
        descricao_documento: tipo.label().to_owned(),
        content_type: kind.content_type(),
        bytes: clean,
    };
    ctx.app
        .api
        .send_cadastro_documento(ctx.token()?, new)
        .await
        .map_err(|e| {
            // A document's failure shows the platform's detalheErro when it sent one.
            match e.detail().map(str::to_owned) {
                Some(d) => PageError::alert(page(&r, &docs), d, StatusCode::UNPROCESSABLE_ENTITY),
                None => PageError::form_failed(page(&r, &docs), &e),
            }
        })?;
    ctx.jar.set_flash(SAVED_TITLE, SAVED_TEXT);
    if wants_json(&headers) {
        return Ok(
            Json(serde_json::json!({ "proximo": routes::DADOS_DOCUMENTOS })).into_response(),
        );
    }
    Ok(Redirect::to(routes::DADOS_DOCUMENTOS).into_response())
}
