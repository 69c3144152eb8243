//! An installment's (parcela's) lifecycle.

use super::estados;

estados! {
    /// An installment's payment state (`statusPagamento`): to be received, paid, or one of
    /// the states of a credit operation's installment. Late is a warning, paid and settled
    /// are success, an excluded installment is an error, and so is one of a credit the
    /// platform wrote off (`Baixada`: no longer expected).
    ParcelaStatus {
        AReceber = "A receber" => Info,
        Pago = "Pago" => Sucesso,
        Simulado = "Simulado" => Info,
        Aprovada = "Aprovada" => Sucesso,
        Vigente = "Vigente" => Sucesso,
        PagamentoAtrasado = "Pagamento atrasado" => Aviso,
        Quitada = "Quitada" => Sucesso,
        Extra = "Extra" => Info,
        Excluida = "Excluida" => Erro,
        Baixada = "Baixada" => Erro,
    }
}
