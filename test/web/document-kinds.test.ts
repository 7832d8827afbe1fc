/**
 * Documents by kind and by the period they report on: the sandbox's document types (as the real
 * service's catalog names them) sorted into reports, releases, slides and transcripts, annual ones
 * filed under their fiscal year, and the latest year's annual documents shown before "Show all".
 */
import { describe, expect, it } from 'vitest';
import type { DocumentRecord, DocumentType } from '../../src/api/schemas.ts';
import { firstGroups, groupByPeriod } from '../../src/components/document-periods.ts';
import { documentKind, isAnnualDocumentType } from '../../src/lib/document-kinds.ts';
import { DOCUMENT_TYPES } from '../../server/sandbox/data/catalog.ts';

describe('document kinds', () => {
  it('sorts every type of the catalog into a kind, and knows the annual ones', () => {
    expect(
      DOCUMENT_TYPES.map((type) => `${type.id} ${type.name} (${type.form}): ${documentKind(type)}${isAnnualDocumentType(type) ? ', annual' : ''}`),
    ).toEqual([
      '5 Slides (Slides): slides',
      '6 Report (Report): reports',
      '7 Quarterly report (10-Q): reports',
      '10 Earnings release (8-K): releases',
      '11 Annual report (10-K): reports, annual',
      '12 Annual report (Annual report): reports, annual',
      '13 Annual report (20-F): reports, annual',
      '14 Earnings release (6-K): releases',
      '15 Transcript (Transcript): transcripts',
      '17 Interim report (Interim report): reports',
      '18 Annual report (40-F): reports, annual',
      '19 Press release (Press release): releases',
      '20 Earnings release (Earnings release): releases',
      '22 In-house transcript (In-house transcript): transcripts',
    ]);
  });

  it('reads a type that its name does not place from its form or group', () => {
    expect(isAnnualDocumentType({ name: 'Form', category: 'Filing', form: '20-F', documentGroupId: 6 })).toBe(true);
    expect(isAnnualDocumentType({ name: 'Yearly review', category: 'Other', form: 'AR', documentGroupId: 4 })).toBe(true);
    expect(isAnnualDocumentType({ name: 'Quarterly report', category: 'Periodic report', form: '10-Q', documentGroupId: 3 })).toBe(false);
    expect(documentKind({ name: 'Form', category: 'Filing', form: 'S-1', documentGroupId: 6 })).toBe('reports');
    expect(documentKind({ name: 'Announcement', category: 'Other', form: '', documentGroupId: 2 })).toBe('releases');
    expect(documentKind({ name: 'Misc', category: 'Other', form: '', documentGroupId: 99 })).toBeUndefined();
    expect(documentKind(undefined)).toBeUndefined();
  });
});

const TYPES = new Map<number, DocumentType>(DOCUMENT_TYPES.map((type) => [type.id, { ...type, createdAt: null, updatedAt: null }]));
let nextId = 1;
function doc(typeId: number, fiscalPeriod: string, fiscalYear: number, date: string): DocumentRecord {
  const id = nextId++;
  return {
    id,
    companyId: 1,
    eventId: id,
    typeId,
    fileUrl: null,
    createdAt: date,
    updatedAt: date,
    event: { title: null, typeId: 28, language: 'en', date, fiscalPeriod, fiscalYear },
  };
}

describe('documents by period', () => {
  it('files an annual report under the year it covers, ahead of the quarter it came with, and shows the latest year before "Show all"', () => {
    const groups = groupByPeriod(
      [
        doc(10, 'Q3', 2026, '2026-11-04T14:00:00Z'),
        doc(10, 'Q2', 2026, '2026-08-03T14:00:00Z'),
        doc(10, 'Q1', 2026, '2026-05-01T14:00:00Z'),
        doc(10, 'Q4', 2025, '2026-02-11T14:00:00Z'),
        // The 20-F came with the fourth quarter's call.
        doc(13, 'Q4', 2025, '2026-02-11T14:00:00Z'),
        doc(10, 'Q3', 2025, '2025-10-30T14:00:00Z'),
        doc(11, 'Q4', 2024, '2025-02-11T14:00:00Z'),
      ],
      TYPES,
    );
    expect(groups.map((group) => group.label)).toEqual(['Q3 2026', 'Q2 2026', 'Q1 2026', 'FY 2025', 'Q4 2025', 'Q3 2025', 'FY 2024']);
    expect(firstGroups(groups).map((group) => group.label)).toEqual(['Q3 2026', 'Q2 2026', 'Q1 2026', 'FY 2025']);
  });
});
