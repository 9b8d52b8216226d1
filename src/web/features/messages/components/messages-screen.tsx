import { Settings, UserX } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PhoneNumber } from '#shared/schemas/phone-numbers';
import { ListStates } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { SearchField } from '../../../components/search-field';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { useConversations } from '../api/get-conversations';
import { ConversationList } from './conversation-list';
import { ConversationThread } from './conversation-thread';
import { useMessagingSettings } from '../api/get-messaging-settings';
import { MessagingSettingsDialog } from './messaging-settings-dialog';
import { OptOutsDialog } from './opt-outs-dialog';

export const SEARCH_DEBOUNCE_MS = 300;

export interface MessagesScreenProps {
  /** Admins: the settings editor, with the practice's phone numbers to send from. */
  settings?: { phoneNumbers: PhoneNumber[] };
}

/** The search (?q=) and the open conversation (?c=) live in the URL: a link or a reload keeps them. */
function useMessagesParams() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() || undefined;
  const selected = params.get('c') || null;
  const set = useCallback(
    (patch: { q?: string | undefined; c?: string | null }, replace: boolean) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if ('q' in patch) {
            if (patch.q) next.set('q', patch.q);
            else next.delete('q');
          }
          if ('c' in patch) {
            if (patch.c) next.set('c', patch.c);
            else next.delete('c');
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  return { q, selected, set };
}

/**
 * Text conversations with patients, newest first, and the open one's thread. On a phone the list and the
 * thread are separate views (Back returns to the list); from md up they stand side by side.
 */
export function MessagesScreen({ settings }: MessagesScreenProps) {
  const { q, selected, set } = useMessagesParams();
  const [text, setText] = useState(q ?? '');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [optOutsOpen, setOptOutsOpen] = useState(false);

  // Debounced, and only while the text differs from the URL (a stale timer must not undo a later change).
  useEffect(() => {
    const next = text.trim() || undefined;
    if (next === q) return;
    const timer = setTimeout(() => set({ q: next }, true), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q, set]);

  const list = useConversations(q);
  const conversations = list.data?.conversations ?? [];
  // The open conversation may be hidden by the search (e.g. the sandbox's reply): the whole list knows it.
  const inList = conversations.find((c) => c.id === selected);
  const all = useConversations(undefined);
  const conversation = inList ?? all.data?.conversations.find((c) => c.id === selected);

  // Choosing a conversation takes the keyboard to it: the list can be long, and on a phone it is hidden.
  const [opened, setOpened] = useState(0);
  const select = (id: string) => {
    set({ c: id }, false);
    setOpened((n) => n + 1);
  };
  const sandbox = useMessagingSettings(Boolean(settings)).data?.mode === 'sandbox';

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Messages"
        description="Text conversations with patients: read their replies and answer them."
        action={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setOptOutsOpen(true)}>
              <UserX className="mr-2 h-4 w-4" aria-hidden="true" />
              Opt-outs
            </Button>
            {settings && (
              <Button variant="outline" onClick={() => setSettingsOpen(true)}>
                <Settings className="mr-2 h-4 w-4" aria-hidden="true" />
                Settings
              </Button>
            )}
          </div>
        }
      />
      <div className="grid gap-4 md:grid-cols-[minmax(16rem,22rem)_1fr]">
        <section
          aria-label="Conversation list"
          className={cn('grid min-w-0 content-start gap-3', selected && 'hidden md:grid')}
        >
          <SearchField
            label="Search conversations"
            placeholder="Patient name or number"
            value={text}
            onChange={setText}
          />
          <ListStates
            query={list}
            isEmpty={conversations.length === 0}
            empty={q ? 'No conversation matches your search.' : 'No text conversations yet.'}
            loadingLabel="Loading conversations"
            errorPrefix="Could not load the conversations. "
          >
            {() => (
              <Card>
                <CardContent className="p-2">
                  <ConversationList conversations={conversations} selectedId={selected} onSelect={select} />
                </CardContent>
              </Card>
            )}
          </ListStates>
        </section>
        <section aria-label="Conversation" className={cn('min-w-0', !selected && 'hidden md:block')}>
          <Card>
            <CardContent className="p-4">
              {selected ? (
                <ConversationThread
                  conversationId={selected}
                  conversation={conversation}
                  onBack={() => set({ c: null }, false)}
                  sandboxReply={sandbox}
                  focusKey={opened}
                />
              ) : (
                <p className="py-10 text-center text-slate-600">Choose a conversation to read it.</p>
              )}
            </CardContent>
          </Card>
        </section>
      </div>
      {settings && (
        <MessagingSettingsDialog
          open={settingsOpen}
          onOpenChange={setSettingsOpen}
          phoneNumbers={settings.phoneNumbers}
          onConversation={(id) => {
            setText('');
            set({ q: undefined, c: id }, false);
          }}
        />
      )}
      <OptOutsDialog open={optOutsOpen} onOpenChange={setOptOutsOpen} />
    </div>
  );
}
