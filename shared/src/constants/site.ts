/** The product's name and line, as the SPA's header and footer and the BFF's rendered pages show them. */
export const SITE_NAME = 'Mini Vagas'
export const SITE_TAGLINE = 'vagas de emprego no Ceará e no Rio Grande do Norte'
