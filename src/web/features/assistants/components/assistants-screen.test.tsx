import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ASSISTANT_DEFAULTS,
  LANGUAGES,
  MODELS,
  TRANSCRIBER_MODELS,
  VOICES,
  type Assistant,
} from '#shared/schemas/assistants';
import { heldReply, mockApi, pending } from '../../../test/mock-api';
import { renderWithApp, TEST_FRONT_DESK } from '../../../test/render';
import { AssistantsScreen } from './assistants-screen';

const ASSISTANT: Assistant = {
  ...structuredClone(ASSISTANT_DEFAULTS),
  clientMessages: [...ASSISTANT_DEFAULTS.clientMessages],
  serverMessages: [...ASSISTANT_DEFAULTS.serverMessages],
  model: {
    provider: 'anthropic',
    model: 'claude-3-haiku-20240307',
    temperature: 0.7,
    messages: [{ role: 'system', content: 'Be kind.' }],
  },
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  name: 'Front Desk',
  firstMessage: 'Thanks for calling Bright Smile.',
  backgroundSound: 'nature',
  knowledgeBaseFileName: null,
  knowledgeBaseFileBytes: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const list = (...assistants: Assistant[]) => ({ body: { assistants } });
const sandbox = { body: { provider: 'sandbox' } };

const optionsOf = (select: HTMLElement) =>
  Array.from((select as HTMLSelectElement).options).map((o) => o.value);
const valueOf = (select: HTMLElement) => (select as HTMLSelectElement).value;

const WITH_FILE: Assistant = {
  ...ASSISTANT,
  knowledgeBaseFileName: 'faq.pdf',
  knowledgeBaseFileBytes: 12_595,
};

async function openCreate() {
  await userEvent.click(await screen.findByRole('button', { name: 'Create Assistant' }));
  return screen.findByRole('dialog');
}

describe('AssistantsScreen', () => {
  it('shows a spinner while the list loads', () => {
    mockApi({ 'GET /api/assistants': pending, 'GET /api/voice-platform': sandbox });
    renderWithApp(<AssistantsScreen canCreate canImport />);
    expect(screen.getByRole('status').textContent).toContain('Loading assistants');
  });

  it('says there are none yet and offers Create Assistant to an admin', async () => {
    mockApi({ 'GET /api/assistants': list(), 'GET /api/voice-platform': sandbox });
    renderWithApp(<AssistantsScreen canCreate canImport />);
    expect(await screen.findByText('No assistants yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Assistant' })).toBeTruthy();
    // The Vapi import is only for a real Vapi account.
    expect(screen.queryByRole('button', { name: 'Import from Vapi' })).toBeNull();
  });

  it('shows the error and loads again on Retry', async () => {
    let calls = 0;
    mockApi({
      'GET /api/assistants': () =>
        ++calls === 1
          ? { status: 503, body: { message: 'Database unavailable', code: 'unavailable', requestId: 'r' } }
          : list(ASSISTANT),
      'GET /api/voice-platform': sandbox,
    });
    renderWithApp(<AssistantsScreen canCreate canImport />);
    expect((await screen.findByRole('alert')).textContent).toContain('Database unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Front Desk')).toBeTruthy();
  });

  it('shows each card with voice, model, first message, providers and background sound', async () => {
    mockApi({ 'GET /api/assistants': list(ASSISTANT), 'GET /api/voice-platform': sandbox });
    renderWithApp(<AssistantsScreen canCreate canImport />);
    const card = (await screen.findByText('Front Desk')).closest('li') as HTMLElement;
    const inCard = within(card);
    expect(inCard.getByText('Elliot · claude-3-haiku-20240307')).toBeTruthy();
    expect(inCard.getByText('Thanks for calling Bright Smile.')).toBeTruthy();
    expect(inCard.getByText('Voice: vapi')).toBeTruthy();
    expect(inCard.getByText('Model: anthropic')).toBeTruthy();
    expect(inCard.getByText('Transcriber: deepgram')).toBeTruthy();
    // A stored nature sound is not on offer: it reads as off.
    expect(inCard.getByText('Background sound: Off')).toBeTruthy();
  });

  it('hides Create Assistant from a sub user but keeps edit and delete', async () => {
    mockApi({ 'GET /api/assistants': list(ASSISTANT) });
    renderWithApp(<AssistantsScreen canCreate={false} canImport={false} />, { user: TEST_FRONT_DESK });
    expect(await screen.findByText('Front Desk')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Assistant' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Front Desk' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Front Desk' })).toBeTruthy();
  });

  it('offers the Vapi import to an admin on a Vapi account', async () => {
    const { calls } = mockApi({
      'GET /api/assistants': list(),
      'GET /api/voice-platform': { body: { provider: 'vapi' } },
      'POST /api/voice-platform/import': {
        body: {
          success: true,
          imported: { assistants: 2, phoneNumbers: 1 },
          assistants: [
            { name: 'Front', providerId: 'a1', imported: true },
            { name: 'Back', providerId: 'a2', imported: true },
            { name: 'Old', providerId: 'a3', imported: false, reason: 'property x should not exist' },
          ],
          skippedPhoneNumbers: [{ number: '••• 0143', reason: 'The number belongs to another practice.' }],
        },
      },
    });
    renderWithApp(<AssistantsScreen canCreate canImport />);
    await userEvent.click(await screen.findByRole('button', { name: 'Import from Vapi' }));
    expect(
      await screen.findByText(
        '2 assistants and 1 phone numbers imported. Not imported: Old (Vapi said: property x should not exist).' +
          ' Held by another practice: ••• 0143.',
      ),
    ).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/assistants')).toHaveLength(2);
  });

  it('refreshes the lists after an import that failed part-way', async () => {
    const { calls } = mockApi({
      'GET /api/assistants': list(),
      'GET /api/voice-platform': { body: { provider: 'vapi' } },
      'POST /api/voice-platform/import': {
        status: 503,
        body: { message: 'The voice platform is unavailable.', code: 'unavailable', requestId: 'r' },
      },
    });
    renderWithApp(<AssistantsScreen canCreate canImport />);
    await userEvent.click(await screen.findByRole('button', { name: 'Import from Vapi' }));
    expect(await screen.findByText('The voice platform is unavailable.')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/assistants')).toHaveLength(2));
  });

  describe('Create Assistant', () => {
    it('starts from the section 9 defaults and keeps Create disabled while the name is empty', async () => {
      mockApi({ 'GET /api/assistants': list(), 'GET /api/voice-platform': sandbox });
      renderWithApp(<AssistantsScreen canCreate canImport />);
      const dialog = await openCreate();
      const d = within(dialog);
      expect(d.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
        'Basic',
        'Model',
        'Voice',
        'Transcriber',
        'Advanced',
      ]);
      expect((d.getByRole('button', { name: 'Create Assistant' }) as HTMLButtonElement).disabled).toBe(true);
      expect((d.getByLabelText('First Message Mode') as HTMLSelectElement).value).toBe(
        'assistant-speaks-first',
      );
      expect((d.getByLabelText('Model Provider', { selector: 'select' }) as HTMLSelectElement).value).toBe(
        'openai',
      );
      expect((d.getByLabelText('Model', { selector: 'select' }) as HTMLSelectElement).value).toBe('gpt-4o');
      expect((d.getByLabelText('Temperature') as HTMLInputElement).value).toBe('0.5');
      expect((d.getByLabelText('Voice Provider') as HTMLSelectElement).value).toBe('vapi');
      expect((d.getByLabelText('Voice', { selector: 'select' }) as HTMLSelectElement).value).toBe('Elliot');
      expect((d.getByLabelText('Transcriber Provider') as HTMLSelectElement).value).toBe('deepgram');
      expect((d.getByLabelText('Transcriber Model') as HTMLSelectElement).value).toBe('nova-2');
      expect((d.getByLabelText('Language') as HTMLSelectElement).value).toBe('en');
      expect((d.getByLabelText('Max Duration (seconds)') as HTMLInputElement).value).toBe('600');
      expect(optionsOf(d.getByLabelText('Model', { selector: 'select' }))).toEqual(MODELS.openai);
      expect(optionsOf(d.getByLabelText('Voice', { selector: 'select' }))).toEqual(VOICES.vapi);
      expect(d.getByText(/up to 10 MB/)).toBeTruthy();
      await userEvent.type(d.getByLabelText('Name'), 'Reception');
      expect((d.getByRole('button', { name: 'Create Assistant' }) as HTMLButtonElement).disabled).toBe(false);
    });

    it('rejects a 41-character name, a long voicemail and a duration out of range, and sends nothing', async () => {
      const { calls } = mockApi({ 'GET /api/assistants': list(), 'GET /api/voice-platform': sandbox });
      renderWithApp(<AssistantsScreen canCreate canImport />);
      const d = within(await openCreate());
      fireEvent.change(d.getByLabelText('Name'), { target: { value: 'x'.repeat(41) } });
      await userEvent.click(d.getByRole('tab', { name: 'Advanced' }));
      fireEvent.change(d.getByLabelText('Voicemail Message'), { target: { value: 'v'.repeat(1001) } });
      fireEvent.change(d.getByLabelText('Max Duration (seconds)'), { target: { value: '5' } });
      await userEvent.click(d.getByRole('button', { name: 'Create Assistant' }));
      // The first error's tab opens.
      expect(d.getByRole('tab', { name: /Basic/ }).getAttribute('aria-selected')).toBe('true');
      expect(d.getByText('Name must be at most 40 characters')).toBeTruthy();
      expect(d.getByText('Must be at most 1000 characters')).toBeTruthy();
      expect(d.getByText('Max duration must be a number from 10 to 43200')).toBeTruthy();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    });

    it('refuses a knowledge-base file of another type', async () => {
      const { calls } = mockApi({ 'GET /api/assistants': list(), 'GET /api/voice-platform': sandbox });
      renderWithApp(<AssistantsScreen canCreate canImport />);
      const d = within(await openCreate());
      await userEvent.type(d.getByLabelText('Name'), 'Reception');
      const file = new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' });
      fireEvent.change(d.getByLabelText('Knowledge Base File (optional)'), { target: { files: [file] } });
      await userEvent.click(d.getByRole('button', { name: 'Create Assistant' }));
      expect(
        d.getByText('The knowledge base file must be a .pdf, .txt, .doc, .docx or .md file'),
      ).toBeTruthy();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    });

    it('refuses a knowledge-base file over the stated 10 MB', async () => {
      const { calls } = mockApi({ 'GET /api/assistants': list(), 'GET /api/voice-platform': sandbox });
      renderWithApp(<AssistantsScreen canCreate canImport />);
      const d = within(await openCreate());
      await userEvent.type(d.getByLabelText('Name'), 'Reception');
      const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'manual.pdf', { type: 'application/pdf' });
      fireEvent.change(d.getByLabelText('Knowledge Base File (optional)'), { target: { files: [big] } });
      await userEvent.click(d.getByRole('button', { name: 'Create Assistant' }));
      expect(d.getByText('The knowledge base file must be at most 10 MB')).toBeTruthy();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    });

    it('posts a multipart form with JSON parts, background off and the file, then says so', async () => {
      const { calls } = mockApi({
        'GET /api/assistants': list(),
        'GET /api/voice-platform': sandbox,
        'POST /api/assistants': { status: 201, body: { success: true, assistant: ASSISTANT } },
      });
      renderWithApp(<AssistantsScreen canCreate canImport />);
      const dialog = await openCreate();
      const d = within(dialog);
      await userEvent.type(d.getByLabelText('Name'), 'Reception');
      await userEvent.type(d.getByLabelText('First Message'), 'Hello!');
      const file = new File(['# Opening hours'], 'faq.md', { type: 'text/markdown' });
      fireEvent.change(d.getByLabelText('Knowledge Base File (optional)'), { target: { files: [file] } });
      await userEvent.click(d.getByRole('tab', { name: 'Advanced' }));
      // Not a number: falls back to 600.
      fireEvent.change(d.getByLabelText('Max Duration (seconds)'), { target: { value: '' } });
      await userEvent.click(d.getByRole('button', { name: 'Create Assistant' }));

      expect(await screen.findByText('Assistant created successfully')).toBeTruthy();
      expect(screen.getByText('New assistant has been added to your account.')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const post = calls.find((c) => c.method === 'POST');
      const form = post?.body as FormData;
      expect(form).toBeInstanceOf(FormData);
      expect(form.get('name')).toBe('Reception');
      expect(form.get('firstMessage')).toBe('Hello!');
      expect(form.get('backgroundSound')).toBe('off');
      expect(form.get('maxDurationSeconds')).toBe('600');
      expect(JSON.parse(String(form.get('model')))).toEqual({
        provider: 'openai',
        model: 'gpt-4o',
        temperature: 0.5,
        messages: [],
      });
      expect(JSON.parse(String(form.get('voice')))).toEqual({ provider: 'vapi', voiceId: 'Elliot' });
      expect(JSON.parse(String(form.get('startSpeakingPlan')))).toEqual(ASSISTANT_DEFAULTS.startSpeakingPlan);
      expect(JSON.parse(String(form.get('stopSpeakingPlan')))).toEqual(ASSISTANT_DEFAULTS.stopSpeakingPlan);
      expect(JSON.parse(String(form.get('serverMessages')))).toEqual(ASSISTANT_DEFAULTS.serverMessages);
      expect(String(form.get('systemPrompt'))).toContain('findPatient');
      expect((form.get('knowledgeBaseFile') as File).name).toBe('faq.md');
    });

    it('shows the server message when creating fails and keeps the dialog open', async () => {
      mockApi({
        'GET /api/assistants': list(),
        'GET /api/voice-platform': sandbox,
        'POST /api/assistants': {
          status: 400,
          body: {
            message: 'The file content does not match its type',
            code: 'validation_failed',
            requestId: 'r',
            fields: { knowledgeBaseFile: 'The file content does not match its type' },
          },
        },
      });
      renderWithApp(<AssistantsScreen canCreate canImport />);
      const d = within(await openCreate());
      await userEvent.type(d.getByLabelText('Name'), 'Reception');
      await userEvent.click(d.getByRole('button', { name: 'Create Assistant' }));
      expect(await screen.findByText('Failed to create assistant')).toBeTruthy();
      expect(screen.getAllByText('The file content does not match its type').length).toBeGreaterThan(0);
      expect(screen.getByRole('dialog')).toBeTruthy();
    });

    const choose = (select: HTMLElement, value: string) => fireEvent.change(select, { target: { value } });

    it('offers each model and voice provider its own list and resets a value it does not offer', async () => {
      mockApi({ 'GET /api/assistants': list(), 'GET /api/voice-platform': sandbox });
      renderWithApp(<AssistantsScreen canCreate canImport />);
      const d = within(await openCreate());
      const model = () => d.getByLabelText('Model', { selector: 'select' });
      const modelProvider = d.getByLabelText('Model Provider', { selector: 'select' });
      choose(modelProvider, 'groq');
      expect(optionsOf(model())).toEqual(MODELS.groq);
      expect(valueOf(model())).toBe(MODELS.groq[0]);
      // Anthropic offers one of the section 9 models: that one is chosen.
      choose(modelProvider, 'anthropic');
      expect(valueOf(model())).toBe('claude-3-haiku-20240307');
      choose(modelProvider, 'deepseek');
      expect(optionsOf(model())).toEqual(['deepseek-chat', 'deepseek-reasoner']);
      expect(valueOf(model())).toBe('deepseek-chat');

      const voice = () => d.getByLabelText('Voice', { selector: 'select' });
      choose(d.getByLabelText('Voice Provider'), 'deepgram');
      expect(optionsOf(voice())).toEqual(VOICES.deepgram);
      expect(valueOf(voice())).toBe(VOICES.deepgram[0]);
      choose(d.getByLabelText('Voice Provider'), 'openai');
      expect(valueOf(voice())).toBe('nova');
    });

    it('offers each transcriber its models and languages, and sends the pairs it shows', async () => {
      const { calls } = mockApi({
        'GET /api/assistants': list(),
        'GET /api/voice-platform': sandbox,
        'POST /api/assistants': { body: { success: true, assistant: ASSISTANT } },
      });
      renderWithApp(<AssistantsScreen canCreate canImport />);
      const d = within(await openCreate());
      fireEvent.change(d.getByLabelText('Name'), { target: { value: 'Reception' } });
      choose(d.getByLabelText('Model Provider', { selector: 'select' }), 'groq');
      const language = () => d.getByLabelText('Language');
      choose(language(), 'es');
      choose(d.getByLabelText('Transcriber Provider'), 'gladia');
      expect(optionsOf(d.getByLabelText('Transcriber Model'))).toEqual(TRANSCRIBER_MODELS.gladia);
      expect(valueOf(d.getByLabelText('Transcriber Model'))).toBe('fast');
      expect(valueOf(language())).toBe('es');
      // AssemblyAI has no model and speaks en or multi only.
      choose(d.getByLabelText('Transcriber Provider'), 'assemblyai');
      expect(d.queryByLabelText('Transcriber Model')).toBeNull();
      expect(d.getByText('AssemblyAI takes no model choice.')).toBeTruthy();
      expect(optionsOf(language())).toEqual(LANGUAGES.assemblyai);
      expect(valueOf(language())).toBe('en');

      await userEvent.click(d.getByRole('button', { name: 'Create Assistant' }));
      await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
      const form = calls.find((c) => c.method === 'POST')?.body as FormData;
      expect(JSON.parse(String(form.get('model')))).toMatchObject({
        provider: 'groq',
        model: MODELS.groq[0],
      });
      expect(JSON.parse(String(form.get('transcriber')))).toEqual({
        provider: 'assemblyai',
        model: '',
        language: 'en',
      });
    });

    it('moves between tabs with the arrow keys', async () => {
      mockApi({ 'GET /api/assistants': list(), 'GET /api/voice-platform': sandbox });
      renderWithApp(<AssistantsScreen canCreate canImport />);
      const d = within(await openCreate());
      d.getByRole('tab', { name: 'Basic' }).focus();
      await userEvent.keyboard('{ArrowRight}');
      expect(document.activeElement).toBe(d.getByRole('tab', { name: 'Model' }));
      expect(d.getByRole('tab', { name: 'Model' }).getAttribute('aria-selected')).toBe('true');
      await userEvent.keyboard('{End}');
      expect(document.activeElement).toBe(d.getByRole('tab', { name: 'Advanced' }));
    });
  });

  describe('Edit Assistant', () => {
    it('shows a stored nature sound as off and patches JSON without id, createdAt and updatedAt', async () => {
      const { calls } = mockApi({
        'GET /api/assistants': list(ASSISTANT),
        'GET /api/voice-platform': sandbox,
        'PATCH /api/assistants/a1b2c3d4-0000-4000-8000-000000000001': {
          body: { success: true, assistant: ASSISTANT },
        },
      });
      renderWithApp(<AssistantsScreen canCreate canImport />);
      await userEvent.click(await screen.findByRole('button', { name: 'Edit Front Desk' }));
      const d = within(await screen.findByRole('dialog'));
      expect(d.getByRole('heading', { name: 'Edit Assistant' })).toBeTruthy();
      await userEvent.click(d.getByRole('tab', { name: 'Advanced' }));
      const background = d.getByLabelText('Background Sound') as HTMLSelectElement;
      expect(background.value).toBe('off');
      expect(Array.from(background.options).map((o) => o.value)).toEqual(['off', 'office']);
      await userEvent.selectOptions(background, 'office');
      await userEvent.click(d.getByRole('tab', { name: 'Model' }));
      fireEvent.change(d.getByLabelText('System Prompt'), { target: { value: 'Be brief.' } });
      await userEvent.click(d.getByRole('button', { name: 'Update Assistant' }));

      expect(await screen.findByText('Assistant updated successfully')).toBeTruthy();
      expect(
        screen.getByText(
          "Changes saved to the voice provider's API. External dashboard may take time to refresh.",
        ),
      ).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const body = calls.find((c) => c.method === 'PATCH')?.body as Record<string, unknown>;
      expect(body).not.toHaveProperty('id');
      expect(body).not.toHaveProperty('createdAt');
      expect(body).not.toHaveProperty('updatedAt');
      expect(body.name).toBe('Front Desk');
      expect(body.backgroundSound).toBe('office');
      expect(body.model).toEqual({
        provider: 'anthropic',
        model: 'claude-3-haiku-20240307',
        temperature: 0.7,
        messages: [{ role: 'system', content: 'Be brief.' }],
      });
      expect(body.stopSpeakingPlan).toEqual(ASSISTANT.stopSpeakingPlan);
    });

    // The prompt goes as the model's first message, so the server names it model.messages.0.content.
    it.each([
      ['model.model', 'its select', 'Model claude-3-haiku-20240307 is not offered by Anthropic'],
      ['model.messages.0.content', 'System Prompt', 'The content is too long (at most 20,000 characters)'],
    ])('shows the server’s word on %s under %s, on the tab that holds it', async (field, label, message) => {
      mockApi({
        'GET /api/assistants': list(ASSISTANT),
        'GET /api/voice-platform': sandbox,
        'PATCH /api/assistants/a1b2c3d4-0000-4000-8000-000000000001': {
          status: 400,
          body: { message, code: 'validation_failed', requestId: 'r', fields: { [field]: message } },
        },
      });
      renderWithApp(<AssistantsScreen canCreate canImport />);
      await userEvent.click(await screen.findByRole('button', { name: 'Edit Front Desk' }));
      const d = within(await screen.findByRole('dialog'));
      await userEvent.click(d.getByRole('button', { name: 'Update Assistant' }));
      expect(await screen.findByText('Failed to update assistant')).toBeTruthy();
      expect(d.getByRole('tab', { name: /Model/ }).getAttribute('aria-selected')).toBe('true');
      const input =
        label === 'its select' ? d.getByLabelText('Model', { selector: 'select' }) : d.getByLabelText(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const [errorId] = input.getAttribute('aria-describedby')!.split(' ');
      expect(document.getElementById(errorId!)?.textContent).toBe(message);
    });

    it('keeps the focus on Update while it saves (pending, not disabled), and ignores a second press', async () => {
      const { calls } = mockApi({
        'GET /api/assistants': list(ASSISTANT),
        'GET /api/voice-platform': sandbox,
        'PATCH /api/assistants/a1b2c3d4-0000-4000-8000-000000000001': pending,
      });
      renderWithApp(<AssistantsScreen canCreate canImport />);
      await userEvent.click(await screen.findByRole('button', { name: 'Edit Front Desk' }));
      const d = within(await screen.findByRole('dialog'));
      const update = d.getByRole('button', { name: 'Update Assistant' });
      await userEvent.click(update);
      await userEvent.click(update);
      expect(update.getAttribute('aria-busy')).toBe('true');
      expect((update as HTMLButtonElement).disabled).toBe(false);
      expect(document.activeElement).toBe(update);
      expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
    });

    it('disables Update while the name is empty', async () => {
      mockApi({ 'GET /api/assistants': list(ASSISTANT), 'GET /api/voice-platform': sandbox });
      renderWithApp(<AssistantsScreen canCreate canImport />);
      await userEvent.click(await screen.findByRole('button', { name: 'Edit Front Desk' }));
      const d = within(await screen.findByRole('dialog'));
      await userEvent.clear(d.getByLabelText('Name'));
      expect((d.getByRole('button', { name: 'Update Assistant' }) as HTMLButtonElement).disabled).toBe(true);
    });

    it('shows the server text when the update fails', async () => {
      mockApi({
        'GET /api/assistants': list(ASSISTANT),
        'GET /api/voice-platform': sandbox,
        'PATCH /api/assistants/a1b2c3d4-0000-4000-8000-000000000001': {
          status: 502,
          body: { message: 'Vapi: voice not available', code: 'unavailable', requestId: 'r' },
        },
      });
      renderWithApp(<AssistantsScreen canCreate canImport />);
      await userEvent.click(await screen.findByRole('button', { name: 'Edit Front Desk' }));
      const d = within(await screen.findByRole('dialog'));
      await userEvent.click(d.getByRole('button', { name: 'Update Assistant' }));
      expect(await screen.findByText('Failed to update assistant')).toBeTruthy();
      expect(screen.getByText('Vapi: voice not available')).toBeTruthy();
    });
  });

  it('asks before deleting, then deletes', async () => {
    const { calls } = mockApi({
      'GET /api/assistants': list(ASSISTANT),
      'GET /api/voice-platform': sandbox,
      'DELETE /api/assistants/a1b2c3d4-0000-4000-8000-000000000001': { body: { success: true } },
    });
    renderWithApp(<AssistantsScreen canCreate canImport />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Front Desk' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Assistant deleted successfully')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('takes a card someone else deleted off the list when its Delete answers 404', async () => {
    let gone = false;
    mockApi({
      'GET /api/assistants': () => (gone ? list() : list(ASSISTANT)),
      'GET /api/voice-platform': sandbox,
      'DELETE /api/assistants/a1b2c3d4-0000-4000-8000-000000000001': () => {
        gone = true;
        return { status: 404, body: { message: 'Assistant not found' } };
      },
    });
    renderWithApp(<AssistantsScreen canCreate canImport />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Front Desk' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Assistant not found')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Front Desk' })).toBeNull());
  });
});

describe('the knowledge-base file', () => {
  const fileUrl = '/api/assistants/a1b2c3d4-0000-4000-8000-000000000001/knowledge-base-file';

  async function openEdit() {
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Front Desk' }));
    return within(await screen.findByRole('dialog'));
  }

  it('shows its name and size on the card and in the edit dialog', async () => {
    mockApi({ 'GET /api/assistants': list(WITH_FILE), 'GET /api/voice-platform': sandbox });
    renderWithApp(<AssistantsScreen canCreate canImport />);
    const card = (await screen.findByText('Front Desk')).closest('li') as HTMLElement;
    expect(within(card).getByText('Knowledge base: faq.pdf (12.3 KB)')).toBeTruthy();
    const d = await openEdit();
    expect(d.getByRole('group', { name: 'Knowledge Base File' }).textContent).toContain('faq.pdf (12.3 KB)');
  });

  it('lets an admin replace it at once, and shows the new name and size', async () => {
    const replaced = { ...WITH_FILE, knowledgeBaseFileName: 'hours.md', knowledgeBaseFileBytes: 2048 };
    const { calls } = mockApi({
      'GET /api/assistants': list(WITH_FILE),
      'GET /api/voice-platform': sandbox,
      [`PUT ${fileUrl}`]: { body: { success: true, assistant: replaced } },
    });
    renderWithApp(<AssistantsScreen canCreate canImport />);
    const d = await openEdit();
    const file = new File(['# Hours'], 'hours.md', { type: 'text/markdown' });
    fireEvent.change(d.getByLabelText('Replace knowledge base file'), { target: { files: [file] } });
    expect(await screen.findByText('Knowledge base file replaced')).toBeTruthy();
    expect(d.getByText('hours.md (2.0 KB)')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(((put?.body as FormData).get('knowledgeBaseFile') as File).name).toBe('hours.md');
    // The rest of the dialog is untouched: nothing was patched.
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('tells a refused file even when the dialog was closed while it was sent', async () => {
    const held = heldReply();
    mockApi({
      'GET /api/assistants': list(WITH_FILE),
      'GET /api/voice-platform': sandbox,
      [`PUT ${fileUrl}`]: held.route,
    });
    renderWithApp(<AssistantsScreen canCreate canImport />);
    const d = await openEdit();
    const file = new File(['# Hours'], 'hours.md', { type: 'text/markdown' });
    fireEvent.change(d.getByLabelText('Replace knowledge base file'), { target: { files: [file] } });
    await userEvent.click(d.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    held.answer({ status: 400, body: { message: 'The file content does not match its type' } });
    expect(await screen.findByText('The file content does not match its type')).toBeTruthy();
  });

  it('refuses a file of another type before sending it', async () => {
    const { calls } = mockApi({ 'GET /api/assistants': list(WITH_FILE), 'GET /api/voice-platform': sandbox });
    renderWithApp(<AssistantsScreen canCreate canImport />);
    const d = await openEdit();
    const exe = new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' });
    fireEvent.change(d.getByLabelText('Replace knowledge base file'), { target: { files: [exe] } });
    expect(d.getByText('The knowledge base file must be a .pdf, .txt, .doc, .docx or .md file')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('lets an admin remove it, and then offers an upload', async () => {
    const { calls } = mockApi({
      'GET /api/assistants': list(WITH_FILE),
      'GET /api/voice-platform': sandbox,
      [`DELETE ${fileUrl}`]: {
        body: {
          success: true,
          assistant: { ...WITH_FILE, knowledgeBaseFileName: null, knowledgeBaseFileBytes: null },
        },
      },
    });
    renderWithApp(<AssistantsScreen canCreate canImport />);
    const d = await openEdit();
    await userEvent.click(d.getByRole('button', { name: 'Remove file' }));
    expect(await screen.findByText('Knowledge base file removed')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === fileUrl)).toBe(true);
    expect(d.getByText(/No file/)).toBeTruthy();
    expect(d.getByLabelText('Upload knowledge base file')).toBeTruthy();
    expect(d.queryByRole('button', { name: 'Remove file' })).toBeNull();
  });

  it('shows a sub user the file without replace or remove', async () => {
    mockApi({ 'GET /api/assistants': list(WITH_FILE) });
    renderWithApp(<AssistantsScreen canCreate={false} canImport={false} />, { user: TEST_FRONT_DESK });
    const d = await openEdit();
    expect(d.getByText('faq.pdf (12.3 KB)')).toBeTruthy();
    expect(d.queryByLabelText('Replace knowledge base file')).toBeNull();
    expect(d.queryByRole('button', { name: 'Remove file' })).toBeNull();
  });
});
