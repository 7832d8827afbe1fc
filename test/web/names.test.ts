import { describe, expect, it } from 'vitest';
import { audioFileLabel, documentTypeLabel, eventName, eventTypeName, fiscalLabel, recordingName, withoutCompany } from '../../src/lib/names.ts';

const acme = { displayName: 'Acme', name: 'Acme Corporation plc' };

describe('eventName', () => {
  it('names an earnings call by its fiscal period and year, whatever its title', () => {
    expect(
      eventName({ title: 'Acme Q2 2026 Earnings Call', fiscalYear: 2026, fiscalPeriod: 'q2' }, { type: { name: 'Earnings Call', parent: 'Earnings' } }),
    ).toBe('Q2 2026 earnings call');
  });

  it("takes the period from the service's sub-type when the event does not give one", () => {
    expect(eventName({ title: null, fiscalYear: 2025, fiscalPeriod: null }, { type: { name: 'H1', parent: 'Earnings Call' } })).toBe('H1 2025 earnings call');
    expect(eventName({ title: null, fiscalYear: null, fiscalPeriod: null }, { type: { name: 'Q3', parent: 'Earnings Call' } })).toBe('Q3 earnings call');
    expect(eventName({}, { type: { name: 'Earnings Call', parent: null } })).toBe('Earnings call');
  });

  it('keeps other titles, without the company name when the company is shown beside it', () => {
    expect(eventName({ title: 'Acme: Capital Markets Day 2026' }, { type: { name: 'Capital Markets Day' }, company: acme })).toBe('Capital Markets Day 2026');
    expect(eventName({ title: 'Acme at the Nordic Investor Week 2024' }, { company: acme })).toBe('Nordic Investor Week 2024');
    expect(eventName({ title: 'Acme Corporation plc Acquisition Conference Call' }, { company: acme })).toBe('Acquisition Conference Call');
    expect(eventName({ title: 'Acme at the Nordic Investor Week 2024' })).toBe('Acme at the Nordic Investor Week 2024');
  });

  it('falls back to the type, then to "Untitled event", never to an id', () => {
    expect(eventName({ title: '  ' }, { type: { name: 'Capital Markets Day', parent: 'Investor Relations' } })).toBe('Capital markets day');
    expect(eventName({ title: null })).toBe('Untitled event');
    expect(eventName(undefined)).toBe('Untitled event');
  });
});

describe('withoutCompany', () => {
  it('leaves a title that does not start with the company, or is only the company', () => {
    expect(withoutCompany('Acmeville Days', acme)).toBe('Acmeville Days');
    expect(withoutCompany('Acme', acme)).toBe('Acme');
    expect(withoutCompany("Acme's Investor Day", acme)).toBe('Investor Day');
  });

  it('reads a name with regex characters literally', () => {
    expect(withoutCompany('A.B (C) Corp – Trading update', { displayName: 'A.B (C) Corp' })).toBe('Trading update');
    expect(withoutCompany('AxB Corp – Trading update', { displayName: 'A.B Corp' })).toBe('AxB Corp – Trading update');
  });
});

describe('eventTypeName', () => {
  it('reads types as a reader says them', () => {
    expect(eventTypeName({ name: 'Q4', parent: 'Earnings Call' })).toBe('Q4 earnings call');
    expect(eventTypeName({ name: 'Earnings Call', parent: 'Earnings' })).toBe('Earnings call');
    // The service's acronyms read as their family's name; other sub-types keep their own.
    expect(eventTypeName({ name: 'AGM', parent: 'Annual General Meeting' })).toBe('Annual general meeting');
    expect(eventTypeName({ name: 'CMD', parent: 'Capital Markets Day' })).toBe('Capital markets day');
    expect(eventTypeName({ name: 'EGM', parent: 'Extraordinary General Meeting' })).toBe('Extraordinary general meeting');
    expect(eventTypeName({ name: 'Scheme Meeting', parent: 'Annual General Meeting' })).toBe('Scheme meeting');
    expect(eventTypeName({ name: 'CEO Sitdown', parent: 'C-level Sitdown' })).toBe('CEO sitdown');
    expect(eventTypeName({ name: 'KOL Event', parent: 'Update / Briefing' })).toBe('KOL event');
    expect(eventTypeName({ name: 'M&A Announcement', parent: 'M&A Announcement' })).toBe('M&A announcement');
    expect(eventTypeName({ name: null, parent: 'Conference' })).toBe('Conference');
    expect(eventTypeName(undefined)).toBeUndefined();
  });
});

describe('recordingName and audioFileLabel', () => {
  it('names a recording by its call and length', () => {
    expect(recordingName({ fiscalYear: 2026, fiscalPeriod: 'Q2' }, { type: { name: 'Q2', parent: 'Earnings Call' }, duration: 250.4 })).toBe(
      'Q2 2026 earnings call · 4:10',
    );
    expect(recordingName({ title: 'Investor Day' }, { duration: null })).toBe('Investor Day');
  });

  it('says MP3 and the length, not the mime type and encoding', () => {
    expect(audioFileLabel({ mimetype: 'audio/mpeg', duration: 250 })).toBe('MP3, 4:10');
    expect(audioFileLabel({ mimetype: 'application/x-unknown', duration: 3725 })).toBe('Audio, 1:02:05');
    expect(audioFileLabel({ mimetype: 'audio/mpeg', duration: null })).toBe('MP3');
    expect(audioFileLabel(null)).toBe('Audio');
  });
});

describe('documentTypeLabel and fiscalLabel', () => {
  it('shows a form only where it means something', () => {
    expect(documentTypeLabel({ name: 'Annual report', form: '10-K' })).toBe('Annual report (10-K)');
    expect(documentTypeLabel({ name: 'Annual report', form: 'AR' })).toBe('Annual report');
    expect(documentTypeLabel({ name: 'Earnings release', form: 'EX-99.1' })).toBe('Earnings release');
    expect(documentTypeLabel({ name: 'Form 20-F annual report', form: '20-F' })).toBe('Form 20-F annual report');
    expect(documentTypeLabel(undefined)).toBe('Document');
  });

  it('writes the fiscal period and year as reports do', () => {
    expect(fiscalLabel({ fiscalYear: 2026, fiscalPeriod: 'q3' })).toBe('Q3 2026');
    expect(fiscalLabel({ fiscalYear: 2026, fiscalPeriod: null })).toBe('2026');
    expect(fiscalLabel({ fiscalYear: null, fiscalPeriod: '' })).toBe('');
  });
});
