//! An offering's (captação's) lifecycle.

use super::estados;

estados! {
    /// An offering's state as the platform stores it. What an investor sees is derived
    /// from it and its dates by `domain::captacao::display_status` (a full offering shows
    /// as `Captado`, one not open yet as `PreLancamento`). On air is success, pre-launch and in progress are
    /// warnings, open and raised are information, a closed market is an error.
    CaptacaoStatus {
        /// Hidden outside preview.
        Rascunho = "Rascunho" => Neutro,
        Aberto = "Aberto" => Info,
        PreLancamento = "Pré-lançamento" => Aviso,
        CaptacaoNoAr = "Captação no ar" => Sucesso,
        EmAndamento = "Em andamento" => Aviso,
        Captado = "Captado" => Info,
        Finalizado = "Finalizado" => Neutro,
        Concluido = "Concluído" => Sucesso,
        FechadoParaAplicacao = "Fechado para aplicação" => Neutro,
        MercadoFechado = "Mercado fechado" => Erro,
        /// The fundraising period is over and the result is not known yet.
        Encerrado = "Encerrado" => Neutro,
        /// Cancelled, or failed at its close (below the minimum target): the money paid
        /// is refunded.
        Cancelado = "Cancelado" => Erro,
    }
}
