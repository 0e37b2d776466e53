/**
 * Reference data for the deterministic seed: pt-BR names, cities and neighbourhoods of Ceará and
 * Rio Grande do Norte (and a few elsewhere), and vacancy texts. Names and companies are made up.
 */
export const FEMALE_NAMES = [
  'Maria',
  'Ana',
  'Francisca',
  'Antônia',
  'Adriana',
  'Juliana',
  'Márcia',
  'Fernanda',
  'Patrícia',
  'Aline',
  'Sandra',
  'Camila',
  'Amanda',
  'Bruna',
  'Jéssica',
  'Letícia',
  'Júlia',
  'Luciana',
  'Vanessa',
  'Mariana',
  'Gabriela',
  'Rafaela',
  'Larissa',
  'Beatriz',
  'Raimunda',
  'Débora',
  'Tâmara',
  'Cícera',
  'Naiara',
  'Yasmin',
  'Lívia',
  'Isabela',
  'Priscila',
  'Kelly',
  'Rayane',
] as const

export const MALE_NAMES = [
  'José',
  'João',
  'Antônio',
  'Francisco',
  'Carlos',
  'Paulo',
  'Pedro',
  'Lucas',
  'Luiz',
  'Marcos',
  'Luís',
  'Gabriel',
  'Rafael',
  'Daniel',
  'Marcelo',
  'Bruno',
  'Eduardo',
  'Felipe',
  'Raimundo',
  'Rodrigo',
  'Manoel',
  'Mateus',
  'Thiago',
  'Cícero',
  'Wesley',
  'Davi',
  'Ítalo',
  'Caio',
  'Emanuel',
  'Iago',
  'Vinícius',
  'Samuel',
  'Renan',
  'Wellington',
  'Diego',
] as const

export const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Lima',
  'Pereira',
  'Ferreira',
  'Costa',
  'Rodrigues',
  'Almeida',
  'Nascimento',
  'Alves',
  'Carvalho',
  'Araújo',
  'Ribeiro',
  'Sousa',
  'Gomes',
  'Barbosa',
  'Rocha',
  'Freitas',
  'Cavalcante',
  'Bezerra',
  'Holanda',
  'Maia',
  'Nogueira',
  'Pinheiro',
  'Monteiro',
  'Teixeira',
  'Moura',
  'Brito',
  'Fernandes',
  'Queiroz',
  'Magalhães',
  'Aragão',
  'Sampaio',
  'Damasceno',
  'Gurgel',
  'Medeiros',
  'Dantas',
  'Câmara',
] as const

export interface City {
  city: string
  uf: string
  estado: string
  ddd: string
  cepPrefix: string
  neighbourhoods: readonly string[]
  /** Relative share of people and vacancies. */
  weight: number
}

export const CITIES: readonly City[] = [
  {
    city: 'Fortaleza',
    uf: 'CE',
    estado: 'ceara',
    ddd: '85',
    cepPrefix: '60',
    weight: 40,
    neighbourhoods: [
      'Centro',
      'Meireles',
      'Aldeota',
      'Messejana',
      'Parangaba',
      'Montese',
      'Benfica',
      'Jacarecanga',
      'Barra do Ceará',
      'Conjunto Ceará',
      'Mondubim',
      'Papicu',
      'Fátima',
      'Bom Jardim',
      'José Walter',
      'Jangurussu',
      'Cambeba',
      'Dionísio Torres',
      'José Bonifácio',
      'Edson Queiroz',
    ],
  },
  { city: 'Caucaia', uf: 'CE', estado: 'ceara', ddd: '85', cepPrefix: '616', weight: 8, neighbourhoods: ['Centro', 'Jurema', 'Icaraí', 'Cumbuco', 'Araturi'] },
  { city: 'Maracanaú', uf: 'CE', estado: 'ceara', ddd: '85', cepPrefix: '619', weight: 6, neighbourhoods: ['Centro', 'Jereissati', 'Pajuçara', 'Acaracuzinho'] },
  { city: 'Eusébio', uf: 'CE', estado: 'ceara', ddd: '85', cepPrefix: '617', weight: 3, neighbourhoods: ['Centro', 'Coaçu', 'Timbu'] },
  { city: 'Aquiraz', uf: 'CE', estado: 'ceara', ddd: '85', cepPrefix: '617', weight: 2, neighbourhoods: ['Centro', 'Porto das Dunas', 'Prainha'] },
  { city: 'Maranguape', uf: 'CE', estado: 'ceara', ddd: '85', cepPrefix: '619', weight: 2, neighbourhoods: ['Centro', 'Novo Maranguape', 'Outra Banda'] },
  { city: 'Sobral', uf: 'CE', estado: 'ceara', ddd: '88', cepPrefix: '620', weight: 4, neighbourhoods: ['Centro', 'Derby', 'Junco', 'Sinhá Saboia'] },
  { city: 'Juazeiro do Norte', uf: 'CE', estado: 'ceara', ddd: '88', cepPrefix: '630', weight: 4, neighbourhoods: ['Centro', 'Lagoa Seca', 'Pirajá', 'Triângulo'] },
  {
    city: 'Natal',
    uf: 'RN',
    estado: 'rio_grande_do_norte',
    ddd: '84',
    cepPrefix: '590',
    weight: 18,
    neighbourhoods: ['Ponta Negra', 'Lagoa Nova', 'Tirol', 'Petrópolis', 'Alecrim', 'Capim Macio', 'Candelária', 'Neópolis', 'Cidade Alta', 'Lagoa Seca', 'Lagoa Azul', 'Pajuçara'],
  },
  { city: 'Parnamirim', uf: 'RN', estado: 'rio_grande_do_norte', ddd: '84', cepPrefix: '591', weight: 5, neighbourhoods: ['Centro', 'Nova Parnamirim', 'Cohabinal', 'Emaús'] },
  {
    city: 'Mossoró',
    uf: 'RN',
    estado: 'rio_grande_do_norte',
    ddd: '84',
    cepPrefix: '596',
    weight: 4,
    neighbourhoods: ['Centro', 'Nova Betânia', 'Abolição', 'Alto de São Manoel'],
  },
  { city: 'São Gonçalo do Amarante', uf: 'RN', estado: 'rio_grande_do_norte', ddd: '84', cepPrefix: '592', weight: 2, neighbourhoods: ['Centro', 'Jardins', 'Golandim'] },
  { city: 'Macaíba', uf: 'RN', estado: 'rio_grande_do_norte', ddd: '84', cepPrefix: '592', weight: 1, neighbourhoods: ['Centro', 'Campo das Mangueiras'] },
  { city: 'Recife', uf: 'PE', estado: 'pernambuco', ddd: '81', cepPrefix: '510', weight: 1, neighbourhoods: ['Boa Viagem', 'Casa Forte', 'Madalena'] },
  { city: 'João Pessoa', uf: 'PB', estado: 'paraiba', ddd: '83', cepPrefix: '580', weight: 1, neighbourhoods: ['Manaíra', 'Tambaú', 'Bancários'] },
  { city: 'Teresina', uf: 'PI', estado: 'piaui', ddd: '86', cepPrefix: '640', weight: 1, neighbourhoods: ['Centro', 'Jóquei', 'Fátima'] },
]

export const STREETS = [
  'Rua São José',
  'Rua Barão do Rio Branco',
  'Avenida Bezerra de Menezes',
  'Rua Major Facundo',
  'Avenida Dom Luís',
  'Rua Padre Cícero',
  'Rua Tereza Cristina',
  'Avenida Frei Cirilo',
  'Rua das Flores',
  'Rua Coronel Correia',
  'Avenida Prudente de Morais',
  'Rua Jaguarari',
  'Rua Apodi',
  'Avenida Hermes da Fonseca',
  'Rua Seridó',
  'Travessa Santa Luzia',
  'Rua Quinze de Novembro',
] as const

/**
 * A small table of real postal codes of Ceará and Rio Grande do Norte (and the classic Praça da
 * Sé), in ViaCEP's shape, so the demo's address autofill works offline.
 */
export interface PostalCode {
  cep: string
  logradouro: string
  complemento: string
  bairro: string
  localidade: string
  uf: string
  ibge: string
  ddd: string
}

export const POSTAL_CODES: readonly PostalCode[] = [
  {
    cep: '60055-400',
    logradouro: 'Avenida Aguanambi',
    complemento: 'até 669 - lado ímpar',
    bairro: 'José Bonifácio',
    localidade: 'Fortaleza',
    uf: 'CE',
    ibge: '2304400',
    ddd: '85',
  },
  {
    cep: '60135-238',
    logradouro: 'Avenida Pontes Vieira',
    complemento: 'de 1552 ao fim - lado par',
    bairro: 'Dionísio Torres',
    localidade: 'Fortaleza',
    uf: 'CE',
    ibge: '2304400',
    ddd: '85',
  },
  { cep: '60822-325', logradouro: 'Avenida General Afonso Albuquerque Lima', complemento: '', bairro: 'Cambeba', localidade: 'Fortaleza', uf: 'CE', ibge: '2304400', ddd: '85' },
  {
    cep: '60866-290',
    logradouro: 'Avenida Monsenhor Amarílio Rodrigues',
    complemento: '(Cj São Cristovão)',
    bairro: 'Jangurussu',
    localidade: 'Fortaleza',
    uf: 'CE',
    ibge: '2304400',
    ddd: '85',
  },
  { cep: '60720-096', logradouro: 'Rua Cônego de Castro', complemento: 'até 1538 - lado par', bairro: 'Parangaba', localidade: 'Fortaleza', uf: 'CE', ibge: '2304400', ddd: '85' },
  { cep: '60020-060', logradouro: 'Rua Marechal Deodoro', complemento: 'até 863/864', bairro: 'Benfica', localidade: 'Fortaleza', uf: 'CE', ibge: '2304400', ddd: '85' },
  { cep: '60811-905', logradouro: 'Avenida Washington Soares', complemento: '1321', bairro: 'Edson Queiroz', localidade: 'Fortaleza', uf: 'CE', ibge: '2304400', ddd: '85' },
  { cep: '59135-620', logradouro: 'Rua Bariri', complemento: '', bairro: 'Lagoa Azul', localidade: 'Natal', uf: 'RN', ibge: '2408102', ddd: '84' },
  { cep: '59080-450', logradouro: 'Rua Raimundo de Medeiros Dantas', complemento: '', bairro: 'Neópolis', localidade: 'Natal', uf: 'RN', ibge: '2408102', ddd: '84' },
  { cep: '59131-170', logradouro: 'Rua Barão de Cocais', complemento: '', bairro: 'Pajuçara', localidade: 'Natal', uf: 'RN', ibge: '2408102', ddd: '84' },
  { cep: '59064-900', logradouro: 'Avenida Senador Salgado Filho', complemento: '', bairro: 'Candelária', localidade: 'Natal', uf: 'RN', ibge: '2408102', ddd: '84' },
  { cep: '01001-000', logradouro: 'Praça da Sé', complemento: 'lado ímpar', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP', ibge: '3550308', ddd: '11' },
]

/** The seven recruiters named in data; they only group counts on the dashboard (docs/product.md, Who uses it). */
export const RECRUITERS = ['Ana Paula Lima', 'Bruno Cavalcante', 'Carla Menezes', 'Diego Freitas', 'Elaine Sousa', 'Fábio Nogueira', 'Gabriela Rocha'] as const

export const JOB_TITLES = [
  'Repositor',
  'Operador de Caixa',
  'Auxiliar de Serviços Gerais',
  'Estágio em Administração',
  'Estágio em Marketing',
  'Vendedor Interno',
  'Atendente de Loja',
  'Auxiliar Administrativo',
  'Motorista Entregador',
  'Açougueiro',
  'Padeiro',
  'Fiscal de Prevenção',
  'Assistente de Logística',
  'Designer Gráfico',
  'Programador Júnior',
  'Recepcionista',
  'Auxiliar de Produção',
  'Embalador',
] as const

export const REQUIREMENTS = [
  'Ensino médio completo',
  'Disponibilidade de horário',
  'Experiência com atendimento ao público',
  'Residir próximo ao local de trabalho',
  'Boa comunicação',
  'Conhecimento em Pacote Office',
  'CNH categoria B',
  'Experiência em supermercado',
  'Cursando ensino superior',
  'Conhecimento em ferramentas de design',
  'Noções de programação',
] as const

export const BENEFITS = [
  'Vale-transporte',
  'Vale-alimentação',
  'Plano de saúde',
  'Plano odontológico',
  'Seguro de vida',
  'Participação nos lucros',
  'Bolsa-auxílio',
  'Refeição no local',
  'Desconto em compras',
] as const

export const CRITERIA = [
  'Ensino superior em andamento',
  'Curso técnico na área',
  'Experiência em vendas',
  'Experiência administrativa',
  'Experiência em produção',
  'Experiência em logística',
  'Conhecimento em Pacote Office',
  'CNH categoria B',
  '1 ano de experiência',
  'Conhecimento em design',
  'Morar próximo ao local de trabalho',
] as const

export const COURSES = [
  'Administração',
  'Ciências Contábeis',
  'Design Gráfico',
  'Sistemas de Informação',
  'Marketing',
  'Logística',
  'Direito',
  'Análise e Desenvolvimento de Sistemas',
  'Gestão Comercial',
] as const

export const LAST_EXPERIENCES = [
  'Repositor no Mercadinho São Luiz por 2 anos',
  'Operadora de caixa em farmácia',
  'Atendente de lanchonete',
  'Auxiliar administrativo em escritório de contabilidade',
  'Vendedor em loja de calçados',
  'Estoquista em atacarejo',
  'Entregador por aplicativo',
  'Primeiro emprego',
  'Jovem aprendiz em banco',
  'Auxiliar de cozinha',
  'Promotor de vendas',
  'Recepcionista em clínica',
] as const

export const OBSERVATIONS = [
  'Ligou pedindo retorno',
  'Não atendeu o telefone',
  'Perfil interessante para a vaga',
  'Agendado para entrevista na próxima semana',
  'Mora longe do local de trabalho',
  'Já trabalhou na empresa anteriormente',
  'Pretensão salarial acima da faixa',
] as const

/** Other client companies (besides the two demo companies); CNPJs are generated with valid digits. */
export const OTHER_COMPANIES = [
  'Mercadinho São Luiz',
  'Atacarejo Nordeste',
  'Farmácia Pague Pouco',
  'Padaria Pão Dourado',
  'Lojas Sertão Calçados',
  'Distribuidora Litoral',
  'Clínica Bem Viver',
  'Agência Sol Nascente',
  'Construtora Mandacaru',
  'Rede Mais Supermercados',
  'Transportadora Potiguar',
  'Hotel Ponta Negra',
] as const
