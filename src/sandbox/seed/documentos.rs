//! Seeded registration documents: every investor past Básico among the demo logins has
//! both mandatory ones (the identity document as a PDF, the selfie as a PNG), generated
//! here as small valid files.

use jiff::Timestamp;
use rusqlite::{Transaction, params};

use crate::domain::validate::mask_cpf;
use crate::sandbox::erro::SandboxError;
use crate::sandbox::pdf::Documento;
use crate::sandbox::tempo;

/// The demo logins that went through verification.
const VERIFICADOS: &[&str] = &[
    "investidor@colheita.dev",
    "ativa@colheita.dev",
    "analise@colheita.dev",
];

pub(super) fn inserir(tx: &Transaction<'_>, agora: Timestamp) -> Result<(), SandboxError> {
    // Sent a week before seeding, when the registration was submitted.
    let enviado = tempo::ms(agora) - 7 * 24 * 3600 * 1000;
    for email in VERIFICADOS {
        let (id, nome, cpf, rg): (i64, String, String, Option<String>) = tx.query_row(
            "SELECT id, nome, cpf, rg_numero FROM usuarios WHERE email = ?1",
            params![email],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )?;
        let identidade = identidade_pdf(&nome, &cpf, rg.as_deref().unwrap_or("-"));
        let selfie = png(96, 96, selfie);
        for (tipo, arquivo, descricao, conteudo, bytes) in [
            (
                "IdentityDocument",
                "rg-frente.pdf",
                "Documento de identidade",
                "application/pdf",
                identidade,
            ),
            (
                "SelfieWithDocument",
                "selfie-com-documento.png",
                "Selfie com documento",
                "image/png",
                selfie,
            ),
        ] {
            let tamanho = i64::try_from(bytes.len()).unwrap_or(i64::MAX);
            tx.execute(
                "INSERT INTO documentos_usuario (usuario_id, tipo, nome, descricao,
                    tipo_conteudo, tamanho, conteudo, enviado_em)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![
                    id, tipo, arquivo, descricao, conteudo, tamanho, bytes, enviado
                ],
            )?;
        }
    }
    Ok(())
}

fn identidade_pdf(nome: &str, cpf: &str, rg: &str) -> Vec<u8> {
    let mut doc = Documento::new();
    doc.titulo("Documento de identidade — cópia digitalizada");
    doc.campo("Nome", nome);
    doc.campo("Registro Geral", rg);
    doc.campo("CPF", &mask_cpf(cpf));
    doc.nota("Cópia fictícia gerada pela plataforma de demonstração (sandbox).");
    doc.finalizar(
        "Documento de identidade",
        "Colheita — documento do cadastro",
    )
}

/// A stylised selfie: a light background, a face and a green card held below it.
fn selfie(x: u32, y: u32) -> [u8; 3] {
    let (dx, dy) = (i64::from(x) - 48, i64::from(y) - 34);
    if dx * dx + dy * dy <= 18 * 18 {
        [224, 172, 130]
    } else if (26..=70).contains(&x) && (62..=86).contains(&y) {
        [27, 127, 59]
    } else {
        let t = u8::try_from(y).unwrap_or(0);
        [230 - t / 4, 236 - t / 4, 240]
    }
}

/// An RGB PNG of `largura` × `altura`, the colour of each pixel from `cor`. The image data
/// is zlib with stored (uncompressed) deflate blocks: valid, and small enough here.
pub(crate) fn png(largura: u32, altura: u32, cor: impl Fn(u32, u32) -> [u8; 3]) -> Vec<u8> {
    let mut cru = Vec::new();
    for y in 0..altura {
        cru.push(0); // filter: none
        for x in 0..largura {
            cru.extend_from_slice(&cor(x, y));
        }
    }
    let mut zlib = vec![0x78, 0x01];
    let blocos: Vec<&[u8]> = cru.chunks(65_535).collect();
    for (i, bloco) in blocos.iter().enumerate() {
        zlib.push(u8::from(i + 1 == blocos.len()));
        let n = u16::try_from(bloco.len()).unwrap_or(u16::MAX);
        zlib.extend_from_slice(&n.to_le_bytes());
        zlib.extend_from_slice(&(!n).to_le_bytes());
        zlib.extend_from_slice(bloco);
    }
    zlib.extend_from_slice(&adler32(&cru).to_be_bytes());

    let mut cabecalho = Vec::new();
    cabecalho.extend_from_slice(&largura.to_be_bytes());
    cabecalho.extend_from_slice(&altura.to_be_bytes());
    // 8 bits per channel, RGB, deflate, adaptive filtering, no interlace.
    cabecalho.extend_from_slice(&[8, 2, 0, 0, 0]);

    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    for (tipo, dados) in [
        (b"IHDR", cabecalho.as_slice()),
        (b"IDAT", zlib.as_slice()),
        (b"IEND", &[][..]),
    ] {
        let n = u32::try_from(dados.len()).unwrap_or(u32::MAX);
        png.extend_from_slice(&n.to_be_bytes());
        let mut crc = CRC32.digest();
        crc.update(tipo);
        crc.update(dados);
        png.extend_from_slice(tipo);
        png.extend_from_slice(dados);
        png.extend_from_slice(&crc.finalize().to_be_bytes());
    }
    png
}

const CRC32: crc::Crc<u32> = crc::Crc::<u32>::new(&crc::CRC_32_ISO_HDLC);

fn adler32(dados: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for &byte in dados {
        a = (a + u32::from(byte)) % 65_521;
        b = (b + a) % 65_521;
    }
    (b << 16) | a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adler32_do_exemplo_da_rfc() {
        // RFC 1950's classic: "Wikipedia" → 0x11E60398.
        assert_eq!(adler32(b"Wikipedia"), 0x11E6_0398);
    }

    #[test]
    fn png_tem_assinatura_cabecalho_e_fim() {
        let p = png(2, 1, |_, _| [255, 0, 0]);
        assert!(p.starts_with(b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR"));
        assert!(p.ends_with(&[0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xAE, 0x42, 0x60, 0x82]));
    }

    #[test]
    fn the_identity_copy_is_a_tagged_pdf() {
        let pdf = super::identidade_pdf("Ana Beatriz Carvalho", "12345678909", "12.345.678-9");
        crate::sandbox::pdf::tests::conformidade::verificar(&pdf, "Documento de identidade");
        let texto = crate::sandbox::pdf::tests::texto_do_pdf(&pdf);
        assert!(
            texto.contains("Documento de identidade — cópia digitalizada"),
            "{texto}"
        );
        assert!(texto.contains("CPF: ***.456.789-**"), "{texto}");
    }
}
