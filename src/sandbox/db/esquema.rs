//! Versioned schema: migration N (`migracoes/NN.sql`) brings the database to
//! `user_version = N`. Append new migrations; never edit one that has shipped.
//!
//! Money is stored as INTEGER cents so that SQL sums are exact; instants as INTEGER Unix
//! milliseconds.

pub(super) const MIGRACOES: &[&str] = &[
    // 1: offerings, investors, login provider, reservations.
    include_str!("migracoes/01.sql"),
    // 2: e-mail outbox (sign-up credentials; read at GET /caixa-de-saida).
    include_str!("migracoes/02.sql"),
    // 3: the investor's registration documents and investor profile (suitability).
    include_str!("migracoes/03.sql"),
    // 4: the statement, notifications, the category products, and registration documents
    // of type Others (the income reports): the documents table is rebuilt because its
    // CHECK and its UNIQUE (usuario_id, tipo) allowed one document of three types only.
    include_str!("migracoes/04.sql"),
    // 5: login provider hardening: PKCE challenge and the session a code opened (a
    // replayed code revokes it); a rotated refresh token remembers when it was rotated
    // and, sealed under a key only its holder can derive, the pair it was exchanged for
    // (handed out again within the reuse interval; reuse after it revokes the session).
    include_str!("migracoes/05.sql"),
    // 6: the offerings' list answers from SQL (captacoes/lista.rs). Folded copies (lower
    // case, no Portuguese accents: domain::texto::dobrar) of the searched and sorted text, because
    // SQLite's lower() is ASCII only; NULL until filled by the Rust step that runs after
    // the migrations (db.rs), then written with every offering. `captacoes_lista` holds
    // every column the list filters on or derives the shown status from, so a filtered
    // count or a scan reads this narrow index and not the wide rows (their texts); it
    // starts with the rating, the one filter that is an equality. The other indexes give
    // the sort orders; each ends with the rowid, the tie-break of every sort.
    include_str!("migracoes/06.sql"),
    // 7: the investor duties of Resolução CVM nº 88/2022. An offering's minimum target
    // (valor alvo mínimo; without partial distribution it is the whole target) and how its
    // close was settled; why a reservation was cancelled when the investor withdrew or the
    // offering failed, and when its paid amount left the escrow for the issuer; the
    // investor's annual-limit declarations (each one kept, the newest in force); and the
    // record of every acceptance and declaration with its version and instant.
    include_str!("migracoes/07.sql"),
    // 8: the qualified investor's declaration is a signed term: the version signed with
    // each qualified declaration (NULL: not qualified, or declared before the term), and
    // the record's new document (SQLite cannot change a CHECK: the table is rebuilt).
    include_str!("migracoes/08.sql"),
    // 9: an offering may be cancelled (its state then shows as such whatever its dates); the
    // phase an investor sees is otherwise derived from the dates and the close's result.
    include_str!("migracoes/09.sql"),
    // 10: an offering's issuer, a company: razão social, CNPJ (digits only), seat, the
    // producer or project it finances, the use of the funds and the platform's fee
    // (hundredths of a percent). One row per offering; `sandbox::seed::emissores` fills it.
    include_str!("migracoes/10.sql"),
    // 11: after the money goes in. What the issuer paid of each instalment (the last
    // payment's day; a part payment leaves it open); from which day an offering's issuer
    // stopped paying on the due dates (before it, and without a suspension, each
    // instalment counts as paid on its day); the recovery steps of a holding; the issuer's
    // updates; and what the investor was already told about each holding.
    include_str!("migracoes/11.sql"),
    // 12: how the investor declares each offering's security in the IRPF: the 'Bens e
    // Direitos' group and code and the income's section and line, as the year's program
    // numbers them (platform data per offering; `sandbox::seed::emissores` fills it with the
    // issuer). Rows stored before carry the exempt CPR-F's codes.
    include_str!("migracoes/12.sql"),
    // 13: paid money earns only from the day after it goes to the issuer, and that day is
    // what `inicio_rendimento` stores. Databases from before stored the day after the
    // payment: the paid money of offerings seeded as closed with success (which no sweep
    // settles) went to the issuer at their end, after the withdrawal periods, and every
    // start is forgotten (the sandbox reads the day after the transfer, or its estimate).
    include_str!("migracoes/13.sql"),
    // 14: a reservation is read with the recovery events of its holder's reservations in the
    // same offering (`reservas::store`'s SELECT): found by holder and offering, not by
    // scanning every reservation of the holder for each row.
    include_str!("migracoes/14.sql"),
];
