import { generatePdfQuerySchema } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import { printPath, reportFilename } from './report-file';

describe('report file', () => {
  it('names the PDF after the candidate and the completion day, in a form the API accepts', () => {
    const filename = reportFilename('Jane Doe', '2026-11-25T10:30:00.000Z');
    expect(filename).toBe('English test - Jane Doe - 2026-11-25.pdf');
    const urlPath = printPath('ca000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001');
    expect(generatePdfQuerySchema.safeParse({ urlPath, filename }).success).toBe(true);
  });

  it('drops characters a file name or header cannot hold', () => {
    const filename = reportFilename('  Jo "JJ" O/Brien\\\r\n ', '2026-01-02T12:00:00.000Z');
    expect(filename).toBe('English test - Jo JJ O Brien - 2026-01-02.pdf');
    expect(generatePdfQuerySchema.shape.filename.safeParse(filename).success).toBe(true);
    expect(reportFilename('"/"', '2026-01-02T12:00:00.000Z')).toBe(
      'English test - candidate - 2026-01-02.pdf',
    );
  });
});
