import { ASSISTANT_MESSAGES, KNOWLEDGE_BASE_EXTENSIONS } from '#shared/schemas/assistants';
import { AppError, badRequest } from '../../errors';

export interface KnowledgeBaseFile {
  fileName: string;
  mimeType: string;
  content: Buffer;
}

const MIME: Record<(typeof KNOWLEDGE_BASE_EXTENSIONS)[number], string> = {
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const startsWith = (content: Buffer, bytes: number[]) =>
  content.length >= bytes.length && bytes.every((b, i) => content[i] === b);

const utf8 = new TextDecoder('utf-8', { fatal: true });
function isText(content: Buffer): boolean {
  try {
    const text = utf8.decode(content);
    // Binary files decode as UTF-8 now and then; NUL and most control characters do not occur in text.
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x09 || (code > 0x0d && code < 0x20)) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** Does the content match what the name says? (`%PDF`, a ZIP for .docx, an OLE file for .doc, UTF-8 text.) */
function contentMatches(extension: string, content: Buffer): boolean {
  switch (extension) {
    case '.pdf':
      return startsWith(content, [0x25, 0x50, 0x44, 0x46]);
    case '.docx':
      return startsWith(content, [0x50, 0x4b, 0x03, 0x04]);
    case '.doc':
      return startsWith(content, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    case '.txt':
    case '.md':
      return content.length > 0 && isText(content);
    default:
      return false;
  }
}

const FIELD = 'knowledgeBaseFile';

/** Checks a knowledge-base upload by name and by content; the size limit is the multipart limit. */
export function checkKnowledgeBaseFile(fileName: string, content: Buffer): KnowledgeBaseFile {
  const name = fileName.trim().slice(-200);
  const extension = (KNOWLEDGE_BASE_EXTENSIONS as readonly string[]).find((ext) =>
    name.toLowerCase().endsWith(ext),
  ) as keyof typeof MIME | undefined;
  if (!extension || name.length <= extension.length) {
    throw badRequest(ASSISTANT_MESSAGES.fileType, { [FIELD]: ASSISTANT_MESSAGES.fileType });
  }
  if (!contentMatches(extension, content)) {
    throw badRequest(ASSISTANT_MESSAGES.fileContent, { [FIELD]: ASSISTANT_MESSAGES.fileContent });
  }
  return { fileName: name, mimeType: MIME[extension], content };
}

export const fileTooLarge = () =>
  new AppError(413, 'payload_too_large', ASSISTANT_MESSAGES.fileTooLarge, {
    [FIELD]: ASSISTANT_MESSAGES.fileTooLarge,
  });
