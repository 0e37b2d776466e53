import { employmentType, vacancyPath, vacancyText, vacancyTitle } from '@mini-vagas/shared/domain/job-posting'
import type { PublicVacancy } from '@mini-vagas/shared/schemas/vacancy'
import { SITE_NAME } from '@mini-vagas/shared/constants/site'

/** Text as XML character data: a CDATA section, split where the text holds its end marker; control characters XML forbids dropped. */
function cdata(text: string): string {
  // eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids are what is removed
  const clean = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
  return `<![CDATA[${clean.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`
}

/**
 * The open vacancies as the XML feed job boards read (Indeed's format, which most Brazilian
 * aggregators also take): one `<job>` per vacancy visible on the career page, every value in
 * CDATA. The same facts as the JobPosting data on each vacancy's page: the date first seen visible,
 * the vacancy's own address, the city and neighbourhood (no state: the public list has none),
 * `fulltime` or `internship` (docs/decisions/job-feed.md).
 */
export function jobFeed(vacancies: readonly PublicVacancy[], origin: string, dates: ReadonlyMap<number, string>, built: Date): string {
  const job = (v: PublicVacancy) => {
    const fields: [string, string][] = [
      ['title', vacancyTitle(v)],
      ['date', dates.get(v.id) ?? built.toISOString().slice(0, 10)],
      ['referencenumber', `mini-vagas-${v.id}`],
      ['requisitionid', String(v.id)],
      ['url', `${origin}${vacancyPath(v)}`],
      ['company', v.company_name?.trim() || SITE_NAME],
      ['sourcename', SITE_NAME],
      ['city', v.city ?? ''],
      ['streetaddress', v.bairro ?? ''],
      ['country', 'BR'],
      ['description', vacancyText(v)],
      ['jobtype', employmentType(v) === 'INTERN' ? 'internship' : 'fulltime'],
    ]
    return `  <job>\n${fields
      .filter(([, value]) => value !== '')
      .map(([name, value]) => `    <${name}>${cdata(value)}</${name}>`)
      .join('\n')}\n  </job>`
  }
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<source>',
    `  <publisher>${cdata(SITE_NAME)}</publisher>`,
    `  <publisherurl>${cdata(origin)}</publisherurl>`,
    `  <lastBuildDate>${cdata(built.toISOString())}</lastBuildDate>`,
    ...vacancies.map(job),
    '</source>',
    '',
  ].join('\n')
}
