//! A reservation's lifecycle.

use super::estados;

estados! {
    /// A reservation's state: opened by the order, waiting for its Pix (`AportePendente`)
    /// or for the partner brokerage's analysis (`EmAnalise`), then approved and paid, or
    /// cancelled or rejected. Pending is a warning, under analysis and open are
    /// information, approved and paid are success, cancelled and rejected are errors.
    ReservaStatus {
        Aberto = "Aberto" => Info,
        AportePendente = "Aporte pendente" => Aviso,
        EmAnalise = "Em análise" => Info,
        Aprovado = "Aprovado" => Sucesso,
        Pago = "Pago" => Sucesso,
        Cancelado = "Cancelado" => Erro,
        Rejeitado = "Rejeitado" => Erro,
    }
}
