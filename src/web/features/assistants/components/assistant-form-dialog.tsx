import { useId, useState, type FormEvent } from 'react';
import { ASSISTANT_MESSAGES as M, type Assistant } from '#shared/schemas/assistants';
import { FormField } from '../../../components/form-field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { useCreateAssistant } from '../api/create-assistant';
import { useUpdateAssistant } from '../api/update-assistant';
import {
  BACKGROUND_SOUNDS,
  DURATION,
  FIRST_MESSAGE_MODE_LABELS,
  FIRST_MESSAGE_MODES,
  formValuesOf,
  KNOWLEDGE_BASE_EXTENSIONS,
  KNOWLEDGE_BASE_LIMIT_TEXT,
  MODEL_PROVIDERS,
  NEW_ASSISTANT,
  optionsOf,
  PROVIDER_LABELS,
  toCreateForm,
  toUpdateBody,
  TRANSCRIBER_PROVIDERS,
  validateAssistantForm,
  VOICE_PROVIDERS,
  withProvider,
  type AssistantFormValues,
} from '../lib/assistant-form';
import { SelectField, SliderField, TextareaField } from './fields';
import { KnowledgeBaseFileField } from './knowledge-base-file-field';
import { Tabs } from './tabs';
import { FormDialogFooter } from '../../../components/form-dialog-footer';

type TabName = 'basic' | 'model' | 'voice' | 'transcriber' | 'advanced';

/** Which tab shows each field, so a failed submit can open the tab holding the first error. */
const TAB_OF_FIELD: Record<string, TabName> = {
  name: 'basic',
  firstMessage: 'basic',
  firstMessageMode: 'basic',
  knowledgeBaseFile: 'basic',
  systemPrompt: 'model',
  modelProvider: 'model',
  model: 'model',
  temperature: 'model',
  voiceProvider: 'voice',
  voiceId: 'voice',
  transcriberProvider: 'transcriber',
  transcriberModel: 'transcriber',
  language: 'transcriber',
  voicemailMessage: 'advanced',
  endCallMessage: 'advanced',
  maxDurationSeconds: 'advanced',
  backgroundSound: 'advanced',
};

/** The server names nested fields by their JSON path; the form flattens them. */
const FORM_FIELD_OF_SERVER_FIELD: Record<string, string> = {
  'voice.provider': 'voiceProvider',
  'voice.voiceId': 'voiceId',
  'model.provider': 'modelProvider',
  'model.model': 'model',
  'model.temperature': 'temperature',
  'transcriber.provider': 'transcriberProvider',
  'transcriber.model': 'transcriberModel',
  'transcriber.language': 'language',
};

function serverFieldErrors(error: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
    // The prompt goes to the server as the model's first message (model.messages.0.content).
    const formField = field.startsWith('model.messages.')
      ? 'systemPrompt'
      : FORM_FIELD_OF_SERVER_FIELD[field];
    errors[formField ?? field] = message;
  }
  return errors;
}

/**
 * 'Create Assistant' when `assistant` is absent, 'Edit Assistant' otherwise. `canManageFile`: admins replace
 * or remove the knowledge-base file in Edit (everyone who edits sees its name and size).
 */
export function AssistantFormDialog({
  open,
  assistant,
  canManageFile = false,
  onOpenChange,
}: {
  open: boolean;
  assistant?: Assistant;
  canManageFile?: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {/* Keyed so each opening starts from the assistant's current values. */}
        {open && (
          <AssistantForm
            key={assistant?.id ?? 'new'}
            assistant={assistant}
            canManageFile={canManageFile}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function AssistantForm({
  assistant,
  canManageFile,
  onDone,
}: {
  assistant?: Assistant;
  canManageFile: boolean;
  onDone(): void;
}) {
  const [values, setValues] = useState<AssistantFormValues>(
    assistant ? formValuesOf(assistant) : NEW_ASSISTANT,
  );
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tab, setTab] = useState<TabName>('basic');
  const create = useCreateAssistant();
  const update = useUpdateAssistant();
  const fileId = useId();
  const pending = create.isPending || update.isPending;
  const nameEmpty = values.name.trim() === '';

  const set = <K extends keyof AssistantFormValues>(name: K, value: AssistantFormValues[K]) =>
    setValues((current) => ({ ...current, [name]: value }));
  const text = (name: keyof AssistantFormValues) => ({
    value: String(values[name]),
    error: errors[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value as never),
  });
  const select = (name: keyof AssistantFormValues) => ({
    value: String(values[name]),
    error: errors[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value as never),
  });
  /** A provider select: changing it resets the values that depend on it to ones the provider offers. */
  const provider = (name: 'voiceProvider' | 'modelProvider' | 'transcriberProvider') => ({
    ...select(name),
    labels: PROVIDER_LABELS,
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => withProvider(current, name, event.target.value)),
  });
  const options = optionsOf(values);

  function showErrors(next: Record<string, string>) {
    setErrors(next);
    const first = Object.keys(next)[0];
    if (first) setTab(TAB_OF_FIELD[first] ?? 'basic');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (nameEmpty || pending) return;
    const found = validateAssistantForm(values, assistant ? null : file);
    showErrors(found);
    if (Object.keys(found).length > 0) return;
    const failed = (title: string) => (error: unknown) => {
      showErrors(serverFieldErrors(error));
      toast({ title, description: messageOf(error, 'Please try again.'), variant: 'destructive' });
    };
    // The outcome follows the promise, so it is told even if Cancel closed the dialog meanwhile.
    if (assistant) {
      update.mutateAsync({ id: assistant.id, body: toUpdateBody(assistant, values) }).then(() => {
        toast({ title: M.updated, description: M.updatedDetail });
        onDone();
      }, failed(M.updateFailed));
    } else {
      create.mutateAsync(toCreateForm(values, file)).then(() => {
        toast({ title: M.created, description: M.createdDetail });
        onDone();
      }, failed(M.createFailed));
    }
  }

  const invalid = (name: TabName) => Object.keys(errors).some((field) => TAB_OF_FIELD[field] === name);

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{assistant ? 'Edit Assistant' : 'Create Assistant'}</DialogTitle>
        <DialogDescription>
          {assistant
            ? 'Change how this assistant answers calls.'
            : 'A voice assistant that answers the practice’s calls.'}
        </DialogDescription>
      </DialogHeader>
      <Tabs
        label="Assistant settings"
        value={tab}
        onValueChange={(next) => setTab(next as TabName)}
        items={[
          {
            value: 'basic',
            label: 'Basic',
            invalid: invalid('basic'),
            content: (
              <>
                <FormField label="Name" required {...text('name')} />
                <SelectField
                  label="First Message Mode"
                  options={FIRST_MESSAGE_MODES}
                  labels={FIRST_MESSAGE_MODE_LABELS}
                  {...select('firstMessageMode')}
                />
                <TextareaField
                  label="First Message"
                  placeholder="Hello, thank you for calling. How can I help you today?"
                  {...text('firstMessage')}
                />
                {assistant && <KnowledgeBaseFileField assistant={assistant} canManage={canManageFile} />}
                {!assistant && (
                  <div className="grid gap-1.5">
                    <Label htmlFor={fileId}>Knowledge Base File (optional)</Label>
                    <input
                      id={fileId}
                      type="file"
                      accept={KNOWLEDGE_BASE_EXTENSIONS.join(',')}
                      aria-invalid={errors.knowledgeBaseFile ? true : undefined}
                      aria-describedby={`${fileId}-hint${errors.knowledgeBaseFile ? ` ${fileId}-error` : ''}`}
                      onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                      className="text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
                    />
                    <p id={`${fileId}-hint`} className="text-xs text-slate-500">
                      {KNOWLEDGE_BASE_LIMIT_TEXT}. The assistant answers from it.
                    </p>
                    {errors.knowledgeBaseFile && (
                      <p id={`${fileId}-error`} className="text-sm text-red-700">
                        {errors.knowledgeBaseFile}
                      </p>
                    )}
                  </div>
                )}
              </>
            ),
          },
          {
            value: 'model',
            label: 'Model',
            invalid: invalid('model'),
            content: (
              <>
                <SelectField
                  label="Model Provider"
                  options={MODEL_PROVIDERS}
                  {...provider('modelProvider')}
                />
                <SelectField label="Model" options={options.models} {...select('model')} />
                <SliderField
                  label="Temperature"
                  value={values.temperature}
                  onValueChange={(value) => set('temperature', value)}
                />
                <TextareaField
                  label="System Prompt"
                  rows={6}
                  hint="Tells the model when to use findPatient, checkAvailability and bookAppointment."
                  {...text('systemPrompt')}
                />
              </>
            ),
          },
          {
            value: 'voice',
            label: 'Voice',
            invalid: invalid('voice'),
            content: (
              <>
                <SelectField
                  label="Voice Provider"
                  options={VOICE_PROVIDERS}
                  {...provider('voiceProvider')}
                />
                <SelectField label="Voice" options={options.voices} {...select('voiceId')} />
              </>
            ),
          },
          {
            value: 'transcriber',
            label: 'Transcriber',
            invalid: invalid('transcriber'),
            content: (
              <>
                <SelectField
                  label="Transcriber Provider"
                  options={TRANSCRIBER_PROVIDERS}
                  {...provider('transcriberProvider')}
                />
                {options.transcriberModels.length === 0 && values.transcriberModel === '' ? (
                  <p className="text-sm text-slate-600">
                    {PROVIDER_LABELS[values.transcriberProvider] ?? values.transcriberProvider} takes no model
                    choice.
                  </p>
                ) : (
                  <SelectField
                    label="Transcriber Model"
                    options={options.transcriberModels}
                    {...select('transcriberModel')}
                  />
                )}
                <SelectField label="Language" options={options.languages} {...select('language')} />
              </>
            ),
          },
          {
            value: 'advanced',
            label: 'Advanced',
            invalid: invalid('advanced'),
            content: (
              <>
                <TextareaField
                  label="Voicemail Message"
                  hint="Up to 1000 characters."
                  {...text('voicemailMessage')}
                />
                <TextareaField
                  label="End Call Message"
                  hint="Up to 1000 characters."
                  {...text('endCallMessage')}
                />
                <FormField
                  label="Max Duration (seconds)"
                  type="number"
                  inputMode="numeric"
                  min={DURATION.min}
                  max={DURATION.max}
                  {...text('maxDurationSeconds')}
                />
                {assistant ? (
                  <SelectField
                    label="Background Sound"
                    options={BACKGROUND_SOUNDS}
                    {...select('backgroundSound')}
                  />
                ) : (
                  <p className="text-sm text-slate-600">
                    Background sound starts off; you can change it after the assistant is created.
                  </p>
                )}
                <SliderField
                  label="Start Speaking Wait (seconds)"
                  value={values.waitSeconds}
                  onValueChange={(value) => set('waitSeconds', value)}
                />
              </>
            ),
          },
        ]}
      />
      <FormDialogFooter
        onCancel={onDone}
        disabled={nameEmpty}
        pending={pending}
        submitLabel={assistant ? 'Update Assistant' : 'Create Assistant'}
      />
    </form>
  );
}
