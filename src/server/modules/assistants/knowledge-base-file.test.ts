import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { checkKnowledgeBaseFile } from './knowledge-base-file';

const refusal = (name: string, content: Buffer | string) => {
  try {
    checkKnowledgeBaseFile(name, Buffer.from(content));
  } catch (error) {
    if (error instanceof AppError) return error.fields?.knowledgeBaseFile;
    throw error;
  }
  return undefined;
};

describe('checkKnowledgeBaseFile', () => {
  it('accepts each type by name and content, case-insensitively', () => {
    expect(checkKnowledgeBaseFile('FAQ.PDF', Buffer.from('%PDF-1.4')).mimeType).toBe('application/pdf');
    expect(checkKnowledgeBaseFile('a.docx', Buffer.from([0x50, 0x4b, 0x03, 0x04])).fileName).toBe('a.docx');
    expect(
      checkKnowledgeBaseFile('a.doc', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])).mimeType,
    ).toBe('application/msword');
    expect(checkKnowledgeBaseFile('notes.md', Buffer.from('# Café hours\n\tMon–Fri')).mimeType).toBe(
      'text/markdown',
    );
  });

  it('refuses other names, mismatched content, binary text and empty files', () => {
    expect(refusal('a.exe', 'MZ')).toMatch(/must be a \.pdf/);
    expect(refusal('.pdf', '%PDF')).toMatch(/must be a \.pdf/);
    expect(refusal('a.pdf', 'hello')).toMatch(/does not match/);
    expect(refusal('a.docx', '%PDF-1.4')).toMatch(/does not match/);
    expect(refusal('a.doc', Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toMatch(/does not match/);
    expect(refusal('a.txt', Buffer.from([0x00, 0x01, 0x02]))).toMatch(/does not match/);
    expect(refusal('a.txt', Buffer.from([0xc3, 0x28]))).toMatch(/does not match/);
    expect(refusal('a.md', '')).toMatch(/does not match/);
  });
});
