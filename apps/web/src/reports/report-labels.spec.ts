import { LANGUAGES } from '../i18n/i18n';

// The reports name investment types as the application forms and lists do (e.g. "GIPP", never "Gipp").
describe('report labels', () => {
  it.each(LANGUAGES.map((language) => [language]))('name the investment types as the applications do (%s)', (language) => {
    const reports = jest.requireActual(`./locales/${language}.json`) as { labels: Record<string, string> };
    const applications = jest.requireActual(`../applications/locales/${language}.json`) as { types: Record<string, string> };
    for (const type of ['personal', 'corporate', 'gipp']) expect(reports.labels[type]).toBe(applications.types[type]);
  });
});
