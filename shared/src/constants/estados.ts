/** The 27 federative units: the legacy's estado key, its display name and its UF code (docs/product.md, Vacancy). */
export const ESTADOS = [
  { estado: 'acre', name: 'Acre', uf: 'AC' },
  { estado: 'alagoas', name: 'Alagoas', uf: 'AL' },
  { estado: 'amapa', name: 'Amapá', uf: 'AP' },
  { estado: 'amazonas', name: 'Amazonas', uf: 'AM' },
  { estado: 'bahia', name: 'Bahia', uf: 'BA' },
  { estado: 'ceara', name: 'Ceará', uf: 'CE' },
  { estado: 'distrito_federal', name: 'Distrito Federal', uf: 'DF' },
  { estado: 'espirito_santo', name: 'Espírito Santo', uf: 'ES' },
  { estado: 'goias', name: 'Goiás', uf: 'GO' },
  { estado: 'maranhao', name: 'Maranhão', uf: 'MA' },
  { estado: 'mato_grosso', name: 'Mato Grosso', uf: 'MT' },
  { estado: 'mato_grosso_do_sul', name: 'Mato Grosso do Sul', uf: 'MS' },
  { estado: 'minas_gerais', name: 'Minas Gerais', uf: 'MG' },
  { estado: 'para', name: 'Pará', uf: 'PA' },
  { estado: 'paraiba', name: 'Paraíba', uf: 'PB' },
  { estado: 'parana', name: 'Paraná', uf: 'PR' },
  { estado: 'pernambuco', name: 'Pernambuco', uf: 'PE' },
  { estado: 'piaui', name: 'Piauí', uf: 'PI' },
  { estado: 'rio_de_janeiro', name: 'Rio de Janeiro', uf: 'RJ' },
  { estado: 'rio_grande_do_norte', name: 'Rio Grande do Norte', uf: 'RN' },
  { estado: 'rio_grande_do_sul', name: 'Rio Grande do Sul', uf: 'RS' },
  { estado: 'rondonia', name: 'Rondônia', uf: 'RO' },
  { estado: 'roraima', name: 'Roraima', uf: 'RR' },
  { estado: 'santa_catarina', name: 'Santa Catarina', uf: 'SC' },
  { estado: 'sao_paulo', name: 'São Paulo', uf: 'SP' },
  { estado: 'sergipe', name: 'Sergipe', uf: 'SE' },
  { estado: 'tocantins', name: 'Tocantins', uf: 'TO' },
] as const

export type Estado = (typeof ESTADOS)[number]['estado']
export type Uf = (typeof ESTADOS)[number]['uf']
