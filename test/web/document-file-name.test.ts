/** The name a saved document gets, the same on the document page and in a zip of many. */
import { describe, expect, it } from 'vitest';
import { documentFileStem } from '../../src/features/documents/document-file-name.ts';

const event = { title: 'Q3 2026 earnings call', typeId: 28, fiscalYear: 2026, fiscalPeriod: 'Q3', language: 'en', date: '2026-10-20T14:00:00.000Z' };

describe('documentFileStem', () => {
  it('names company, period and type', () => {
    expect(
      documentFileStem(
        { companyId: 9, eventId: 70, typeId: 22, event },
        { id: 9, displayName: 'Bryrite', name: 'Bryrite Holdings plc' },
        'In-house transcript',
      ),
    ).toBe('Bryrite - Q3 2026 - In-house transcript');
  });

  it('falls back to words for what is not known, never to an id or an empty part', () => {
    expect(documentFileStem({ companyId: 9, eventId: 70, typeId: 22, event: undefined }, undefined, undefined)).toBe('Unnamed company - Undated - Document');
    expect(documentFileStem({ companyId: 9, eventId: 70, typeId: 22, event: { ...event, fiscalPeriod: null, fiscalYear: null } }, undefined, '  ')).toBe(
      'Unnamed company - 2026-10-20 - Document',
    );
  });

  it('keeps characters file systems refuse out of the name', () => {
    expect(documentFileStem({ companyId: 1, eventId: 2, typeId: 3, event }, { id: 1, displayName: 'A/B: "C"', name: null }, 'Report')).toBe(
      'A B C - Q3 2026 - Report',
    );
  });
});
