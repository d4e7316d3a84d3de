import type { ChatMention, ChatMentions } from '@agaton/contracts';
import { ActionIcon, Button, Combobox, Group, Text, Textarea, useCombobox } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { CHAT } from '../texts';
import {
  insertMention,
  type MentionTrigger,
  mentionAt,
  mentionOptions,
  pickedInText,
} from '../utils/mentions';

/** Spec 1 §9: a dropdown list is at most 240 px high. */
const LIST_MAX_HEIGHT = 240;

/**
 * Enter sends, Shift+Enter adds a line; empty text and sends while an answer runs are ignored. With
 * `mentions` (admins), typing @ offers the people and # the teams of the admin's scope: arrows and
 * Enter or Tab, or the mouse, insert the name into the text; the picked ids are sent beside it, so
 * two people with the same name are told apart.
 */
export function Composer(props: {
  placeholder: string;
  running: boolean;
  onSend: (text: string, mentions?: ChatMention[]) => Promise<boolean>;
  onStop: () => void;
  mentions?: ChatMentions;
}) {
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState<ChatMention[]>([]);
  /** Where the mention closed with Escape or a click outside starts: it stays closed until retyped. */
  const [dismissed, setDismissed] = useState<number | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const pendingCaret = useRef<number | null>(null);

  const trigger: MentionTrigger | null = props.mentions ? mentionAt(text, caret) : null;
  const options = trigger && props.mentions ? mentionOptions(props.mentions, trigger).slice(0, 50) : [];
  const opened = Boolean(trigger) && trigger?.start !== dismissed && options.length > 0;
  const combobox = useCombobox({
    opened,
    onOpenedChange: (open) => {
      if (!open && trigger) setDismissed(trigger.start);
    },
  });
  const optionKeys = options.map((o) => o.key).join();

  // Keep the first matching name highlighted, so Enter or Tab takes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-select when the list changes
  useEffect(() => {
    if (opened) combobox.selectFirstOption();
  }, [opened, optionKeys]);

  useEffect(() => {
    if (pendingCaret.current === null || !box.current) return;
    box.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });

  const choose = (key: string) => {
    const option = options.find((o) => o.key === key);
    if (!option || !trigger) return;
    const next = insertMention(text, caret, trigger, option.name);
    setPicked((list) => [...list, { sign: trigger.sign, id: option.id, name: option.name }]);
    setText(next.text);
    setCaret(next.caret);
    pendingCaret.current = next.caret;
    box.current?.focus();
  };

  const track = (el: HTMLTextAreaElement) => {
    setCaret(el.selectionStart ?? el.value.length);
    if (dismissed !== null && mentionAt(el.value, el.selectionStart ?? 0)?.start !== dismissed)
      setDismissed(null);
  };

  const submit = async () => {
    if (!text.trim() || props.running) return;
    const sent = text;
    const mentions = pickedInText(sent, picked);
    setText('');
    setCaret(0);
    const accepted = await (mentions.length ? props.onSend(sent, mentions) : props.onSend(sent));
    if (accepted) setPicked([]);
    else setText(sent);
  };

  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <Combobox store={combobox} onOptionSubmit={choose} position="top-start">
        <Combobox.Target>
          <Textarea
            ref={box}
            style={{ flex: 1 }}
            aria-label={props.placeholder}
            placeholder={props.placeholder}
            autosize
            minRows={1}
            maxRows={6}
            maxLength={CHAT.maxMessageChars}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              track(e.currentTarget);
            }}
            onSelect={(e) => track(e.currentTarget)}
            onBlur={() => opened && setDismissed(trigger?.start ?? null)}
            onKeyDown={(e) => {
              if (opened && e.key === 'Tab' && !e.shiftKey) {
                e.preventDefault();
                combobox.clickSelectedOption();
                return;
              }
              // With the list open, Enter picks the highlighted name (the list handles it).
              if (opened && e.key === 'Enter' && combobox.getSelectedOptionIndex() !== -1) return;
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void submit();
              }
            }}
          />
        </Combobox.Target>
        <Combobox.Dropdown>
          <Combobox.Options
            mah={LIST_MAX_HEIGHT}
            style={{ overflowY: 'auto' }}
            aria-label={trigger?.sign === '#' ? CHAT.mentionTeams : CHAT.mentionPeople}
          >
            {options.map((o) => (
              <Combobox.Option value={o.key} key={o.key}>
                <Text size="sm" span>
                  {trigger?.sign}
                  {o.name}
                </Text>
                {o.hint && (
                  <Text size="xs" c="dimmed" span ml="xs">
                    {o.hint}
                  </Text>
                )}
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {props.running ? (
        <Button color="red" variant="light" onClick={props.onStop}>
          {CHAT.stop}
        </Button>
      ) : (
        <ActionIcon size="xl" aria-label={CHAT.send} onClick={() => void submit()} disabled={!text.trim()}>
          <IconSend size={20} />
        </ActionIcon>
      )}
    </Group>
  );
}
