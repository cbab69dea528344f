import { describe, expect, it } from 'vitest';
import { fileContentProblem } from './file-content.ts';
import { solidPng, textPdf } from './sample-images.ts';
import { sniffFile } from './storage.ts';

describe('the files made in code for demo records', () => {
  it('makes a PDF that reads as a PDF and passes the upload checks, with its text escaped', async () => {
    const pdf = textPdf('Radio (10-codes)', ['10-4 Acknowledged \\ done', 'Café – no ASCII']);
    expect(sniffFile(pdf)).toBe('application/pdf');
    expect(await fileContentProblem('application/pdf', pdf)).toBeNull();
    expect(pdf.toString('latin1')).toContain('(Radio \\(10-codes\\)) Tj');
    expect(pdf.toString('latin1')).toContain('(Caf- - no ASCII)');
  });

  it('makes a PNG that reads as a PNG and passes the upload checks', async () => {
    const png = solidPng(3, 2, [10, 20, 30]);
    expect(sniffFile(png)).toBe('image/png');
    expect(await fileContentProblem('image/png', png)).toBeNull();
  });
});
