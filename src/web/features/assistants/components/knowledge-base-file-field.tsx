import { useId, useState, type ChangeEvent } from 'react';
import { ASSISTANT_MESSAGES as M, type Assistant } from '#shared/schemas/assistants';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { messageOf } from '../../../lib/api-client';
import { useRemoveKnowledgeBaseFile, useReplaceKnowledgeBaseFile } from '../api/knowledge-base-file';
import {
  fileLabel,
  KNOWLEDGE_BASE_EXTENSIONS,
  KNOWLEDGE_BASE_LIMIT_TEXT,
  knowledgeBaseFileError,
} from '../lib/assistant-form';

type StoredFile = { name: string; bytes: number | null } | null;

const storedFileOf = (assistant: Assistant): StoredFile =>
  assistant.knowledgeBaseFileName
    ? { name: assistant.knowledgeBaseFileName, bytes: assistant.knowledgeBaseFileBytes }
    : null;

/**
 * The Edit dialog's knowledge-base file: its name and size, and for admins a replace and a remove that take
 * effect at once (the assistant on the voice platform follows), apart from the dialog's Update.
 */
export function KnowledgeBaseFileField({
  assistant,
  canManage,
}: {
  assistant: Assistant;
  canManage: boolean;
}) {
  const [file, setFile] = useState<StoredFile>(storedFileOf(assistant));
  const [error, setError] = useState<string>();
  const replace = useReplaceKnowledgeBaseFile();
  const remove = useRemoveKnowledgeBaseFile();
  const id = useId();
  const pending = replace.isPending || remove.isPending;

  function failed(title: string) {
    return (failure: unknown) => {
      const message = messageOf(failure, 'Please try again.');
      setError(message);
      toast({ title, description: message, variant: 'destructive' });
    };
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const problem = knowledgeBaseFileError(chosen);
    setError(problem);
    if (problem) return;
    // Told even when the dialog was closed meanwhile (the hint says the file needs no Update), so the
    // outcome follows the promise: `mutate`'s own callbacks are dropped once the field is gone.
    replace.mutateAsync({ id: assistant.id, file: chosen }).then(({ assistant: saved }) => {
      setFile(storedFileOf(saved));
      toast({ title: M.fileReplaced, description: saved.knowledgeBaseFileName ?? undefined });
    }, failed(M.fileReplaceFailed));
  }

  function removeFile() {
    setError(undefined);
    remove.mutateAsync(assistant.id).then(({ assistant: saved }) => {
      setFile(storedFileOf(saved));
      toast({ title: M.fileRemoved });
    }, failed(M.fileRemoveFailed));
  }

  return (
    <div className="grid gap-1.5" role="group" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="text-sm font-medium text-slate-900">
        Knowledge Base File
      </p>
      <p className="break-all text-sm text-slate-700" aria-live="polite">
        {file ? fileLabel(file) : 'No file: the assistant answers from its prompt only.'}
      </p>
      {canManage && (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <input
              type="file"
              aria-label={file ? 'Replace knowledge base file' : 'Upload knowledge base file'}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              accept={KNOWLEDGE_BASE_EXTENSIONS.join(',')}
              disabled={pending}
              onChange={choose}
              className="min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
            />
            {file && (
              <Button type="button" variant="outline" size="sm" pending={pending} onClick={removeFile}>
                Remove file
              </Button>
            )}
          </div>
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            {KNOWLEDGE_BASE_LIMIT_TEXT}. A new file replaces this one at once, without Update.
          </p>
        </>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
