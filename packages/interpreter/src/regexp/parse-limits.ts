/** The manual's cap on quantified atoms in one guest regexp. */
export const maxQuantifiedAtoms = 8;

/** Emacs's own bound on an interval count (RE_DUP_MAX). */
export const maxIntervalCount = 65535;

/** The cap on characters that interval counts may expand into, keeping the matcher small. */
export const maxIntervalExpansion = 10000;
