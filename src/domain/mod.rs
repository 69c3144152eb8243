//! Pure domain rules: money, dates, validation, Pix, reference lists, state names,
//! accent folding.
//! No I/O and no clock: "now" is always a parameter.

pub mod agenda;
pub mod captacao;
pub mod cvm;
pub mod dates;
pub mod desistencia;
pub mod diversificacao;
pub mod documento;
pub mod extrato;
pub mod historico;
pub mod informe;
pub mod irpf;
pub mod limite_anual;
pub mod money;
pub mod paging;
pub mod percentual;
pub mod pix;
pub mod reference;
pub mod rentabilidade;
pub mod reserva;
pub mod segmento;
pub mod sessao;
pub mod situacao;
pub mod status;
pub mod suitability;
pub mod texto;
pub mod validate;
