//! An offering's issuer, the one story every document tells: a small company (the
//! resolution's sociedade empresária de pequeno porte, with its razão social, CNPJ and
//! seat) issues Cédulas de Produto Rural com liquidação financeira (CPR-F) to finance a
//! rural producer's farm or project. The Pix goes to the platform's affiliate, which holds
//! it apart until the money may go to the issuer: a tie disclosed as a conflict of interest.
//! Read by the offerings, the reservations' documents, the terms and the income report.

use rusqlite::Row;
use rust_decimal::Decimal;

use crate::domain::money;
use crate::domain::validate::format_cnpj;

/// The security every offering distributes.
pub(crate) const TIPO_VALOR_MOBILIARIO: &str = "Cédula de Produto Rural com liquidação financeira (CPR-F), título de dívida emitido pela sociedade emissora e registrado em entidade registradora autorizada pelo Banco Central.";

/// The security's name inside a sentence.
pub(crate) const TIPO_VALOR_MOBILIARIO_CURTO: &str =
    "Cédulas de Produto Rural com liquidação financeira (CPR-F)";

/// What the security gives its holder.
pub(crate) const DIREITOS: &str = "O investidor se torna credor do emissor: tem direito a receber a remuneração e o principal nas datas do cronograma da oferta, e as garantias da operação são constituídas em favor dos titulares das CPR-F. A CPR-F não dá direito a voto, a participação nos lucros nem a conversão em participação no capital do emissor. Se o emissor atrasar, a cobrança e a execução das garantias seguem o previsto na cédula.";

/// The affiliate that receives the investors' Pix (the receiver of every reservation).
pub(crate) const AFILIADA: &str = "Colheita Pagamentos Ltda.";

/// The platform's ties to the affiliate, said where the investor decides.
pub(crate) const CONFLITO_DE_INTERESSES: &str = "Os aportes por Pix são recebidos pela Colheita Pagamentos Ltda. (CNPJ 45.723.174/0001-10), empresa do mesmo grupo econômico da plataforma Colheita e controlada pelos mesmos sócios. Ela mantém os valores em conta segregada até o encerramento da oferta com êxito e o fim dos prazos de desistência, só então os repassa ao emissor, e depois repassa aos investidores os pagamentos do emissor. A plataforma só é remunerada se a oferta tiver êxito, por isso tem interesse em que ela se conclua. Nem a plataforma nem a Colheita Pagamentos garantem os pagamentos do emissor.";

/// What the issuer reports while its securities are outstanding, and where.
pub(crate) const INFORMACOES_APOS_A_OFERTA: &str = "Enquanto houver CPR-F em circulação, o emissor envia à plataforma, que as repassa aos investidores da oferta pelas Notificações da plataforma e por e-mail: um relatório semestral sobre o andamento da safra ou do projeto e o uso dos recursos; as demonstrações financeiras anuais, em até 120 dias do fim de cada exercício social; e, assim que ocorrer, qualquer fato relevante que possa afetar os pagamentos, como perda de safra, atraso ou execução de garantia.";

/// How the platform is paid, for an offering whose fee is `taxa` percent.
pub(crate) fn remuneracao_da_plataforma(taxa: Decimal) -> String {
    format!(
        "{} do valor captado, paga pelo emissor à plataforma somente se a oferta for encerrada com êxito e descontada do valor repassado ao emissor. O investidor não paga taxa à plataforma nem à Colheita Pagamentos.",
        money::format_percent(taxa)
    )
}

/// An offering's issuer as stored (`captacao_emissores`).
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Emissor {
    pub(crate) razao_social: String,
    /// 14 digits.
    pub(crate) cnpj: String,
    pub(crate) endereco: String,
    pub(crate) cidade: String,
    pub(crate) uf: String,
    /// The rural producer, farm or project the offering finances.
    pub(crate) projeto: String,
    pub(crate) uso_recursos: String,
    /// The platform's fee, percent of the amount raised.
    pub(crate) taxa_plataforma: Decimal,
}

/// The columns [`Emissor::from_row`] reads, in order, from `captacao_emissores e`.
pub(crate) const COLUNAS: &str = "e.razao_social, e.cnpj, e.sede_endereco, e.sede_cidade, e.sede_uf, e.projeto, e.uso_recursos, e.taxa_plataforma_centesimos";

impl Emissor {
    /// The issuer from [`COLUNAS`] starting at column `i`; `None` when the offering has
    /// none (a LEFT JOIN found no row).
    pub(crate) fn from_row(r: &Row<'_>, i: usize) -> rusqlite::Result<Option<Emissor>> {
        let Some(razao_social) = r.get::<_, Option<String>>(i)? else {
            return Ok(None);
        };
        Ok(Some(Emissor {
            razao_social,
            cnpj: r.get(i + 1)?,
            endereco: r.get(i + 2)?,
            cidade: r.get(i + 3)?,
            uf: r.get(i + 4)?,
            projeto: r.get(i + 5)?,
            uso_recursos: r.get(i + 6)?,
            taxa_plataforma: Decimal::new(r.get(i + 7)?, 2),
        }))
    }

    /// `dd.ddd.ddd/dddd-dd`.
    pub(crate) fn cnpj_formatado(&self) -> String {
        format_cnpj(&self.cnpj)
    }

    /// The seat as one line: 'Rodovia MT-242, km 30, Zona Rural, Sorriso – MT'.
    pub(crate) fn sede(&self) -> String {
        format!("{}, {} – {}", self.endereco, self.cidade, self.uf)
    }

    /// 'Agropecuária Santa Luzia Ltda. (CNPJ 63.520.805/0001-86)'.
    pub(crate) fn identificacao(&self) -> String {
        format!("{} (CNPJ {})", self.razao_social, self.cnpj_formatado())
    }
}
