import { Download, Plus } from 'lucide-react';
import { useState } from 'react';
import { ASSISTANT_MESSAGES as M, type Assistant } from '#shared/schemas/assistants';
import { VOICE_PLATFORM_MESSAGES, type VoicePlatformImportResponse } from '#shared/schemas/voice-platform';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { RowActions } from '../../../components/row-actions';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ListError, ListEmpty } from '../../../components/list-states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { deleteToasts } from '../../../components/mutation-toasts';
import { toast } from '../../../components/ui/use-toast';
import { messageOf } from '../../../lib/api-client';
import { useDeleteAssistant } from '../api/delete-assistant';
import { useAssistants } from '../api/get-assistants';
import { useVoicePlatform } from '../api/get-voice-platform';
import { useImportFromVapi } from '../api/import-from-vapi';
import { fileLabel } from '../lib/assistant-form';
import { AssistantFormDialog } from './assistant-form-dialog';
import { useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';

type Editing = { open: false } | { open: true; assistant?: Assistant };

/** Spec section 5: only off and office are offered, so a stored nature or cafe reads as off. */
const backgroundLabel = (sound: string) => (sound === 'office' ? 'Office' : 'Off');

/** `canCreate`: admins only (spec section 6); `canImport`: admins, shown only on a real Vapi account. */
export function AssistantsScreen({ canCreate, canImport }: { canCreate: boolean; canImport: boolean }) {
  const { data, isLoading, error, refetch } = useAssistants();
  const platform = useVoicePlatform(canImport).data?.provider;
  const [editing, setEditing] = useState<Editing>({ open: false });
  const [deleting, setDeleting] = useState<Assistant>();
  const remove = useDeleteAssistant();
  const importing = useImportFromVapi();
  const assistants = data?.assistants ?? [];
  const keepFocus = useFocusAfterRemoval<HTMLUListElement>(assistants.map((item) => item.id));

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(
      deleting.id,
      deleteToasts(M, () => setDeleting(undefined)),
    );
  }

  function importAccount() {
    importing.mutate(undefined, {
      onSuccess: ({ imported, assistants: report, skippedPhoneNumbers }) =>
        toast({
          title: VOICE_PLATFORM_MESSAGES.imported,
          description:
            `${imported.assistants} assistants and ${imported.phoneNumbers} phone numbers imported.` +
            refusedByVapi(report) +
            heldElsewhere(skippedPhoneNumbers ?? []),
        }),
      onError: (e) =>
        toast({
          title: VOICE_PLATFORM_MESSAGES.importFailed,
          description: messageOf(e, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Assistants"
        description="The voice assistants that answer the practice's calls."
        action={
          (canCreate || canImport) && (
            <div className="flex flex-wrap gap-2">
              {canImport && platform === 'vapi' && (
                <Button variant="outline" pending={importing.isPending} onClick={importAccount}>
                  <Download aria-hidden="true" />
                  Import from Vapi
                </Button>
              )}
              {canCreate && (
                <Button onClick={() => setEditing({ open: true })}>
                  <Plus aria-hidden="true" />
                  Create Assistant
                </Button>
              )}
            </div>
          )
        }
      />

      {isLoading ? (
        <Spinner label="Loading assistants" />
      ) : error ? (
        <ListError error={error} prefix="Could not load assistants: " onRetry={refetch} />
      ) : assistants.length === 0 ? (
        <ListEmpty>
          <p className="font-medium text-slate-900">{M.empty}</p>
          <p className="text-sm text-slate-600">
            {canCreate
              ? 'Create an assistant to answer your calls.'
              : 'Ask an admin to assign an assistant to you.'}
          </p>
        </ListEmpty>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Assistants" {...keepFocus}>
          {assistants.map((assistant) => (
            <li key={assistant.id} data-item-id={assistant.id}>
              <AssistantCard
                assistant={assistant}
                onEdit={() => setEditing({ open: true, assistant })}
                onDelete={() => setDeleting(assistant)}
              />
            </li>
          ))}
        </ul>
      )}

      <AssistantFormDialog
        open={editing.open}
        assistant={editing.open ? editing.assistant : undefined}
        canManageFile={canCreate}
        onOpenChange={(open) => !open && setEditing({ open: false })}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete Assistant"
        message={`Are you sure you want to delete "${deleting?.name ?? ''}"? Calls to numbers that use it will not be answered.`}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => !open && setDeleting(undefined)}
      />
    </div>
  );
}

function AssistantCard({
  assistant,
  onEdit,
  onDelete,
}: {
  assistant: Assistant;
  onEdit(): void;
  onDelete(): void;
}) {
  return (
    <Card className="flex h-full flex-col">
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <CardTitle className="break-words">{assistant.name}</CardTitle>
          <RowActions name={assistant.name} onEdit={onEdit} onDelete={onDelete} />
        </div>
        <CardDescription>
          {assistant.voice.voiceId} · {assistant.model.model}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-3">
        <p className="line-clamp-3 text-sm text-slate-700">
          {assistant.firstMessage || <span className="italic text-slate-500">No first message</span>}
        </p>
        <div className="flex flex-wrap gap-1.5" aria-label="Providers">
          <Badge variant="outline">Voice: {assistant.voice.provider}</Badge>
          <Badge variant="outline">Model: {assistant.model.provider}</Badge>
          <Badge variant="outline">Transcriber: {assistant.transcriber.provider}</Badge>
        </div>
        <p className="text-sm text-slate-600">
          Background sound: {backgroundLabel(assistant.backgroundSound)}
        </p>
        {assistant.knowledgeBaseFileName && (
          <p className="break-all text-sm text-slate-600">
            Knowledge base:{' '}
            {fileLabel({ name: assistant.knowledgeBaseFileName, bytes: assistant.knowledgeBaseFileBytes })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** The account's numbers that stay with another practice: why they are not in this one's list. */
function heldElsewhere(skipped: NonNullable<VoicePlatformImportResponse['skippedPhoneNumbers']>): string {
  if (!skipped.length) return '';
  return ` Held by another practice: ${skipped.map((n) => n.number).join(', ')}.`;
}

/** The assistants Vapi refused in an import, with its reasons (the others came in). */
function refusedByVapi(report: VoicePlatformImportResponse['assistants']): string {
  const refused = report.filter((assistant) => !assistant.imported);
  if (!refused.length) return '';
  return ` Not imported: ${refused.map((a) => `${a.name} (Vapi said: ${a.reason ?? 'no reason given'})`).join('; ')}.`;
}
