import { useEffect, useRef, useState } from 'react';

const TYPING_PAUSE_MS = 350;

/**
 * A text field whose value lives elsewhere (the address): what is typed is shown at once and handed
 * on, trimmed, once the typing pauses; when the value changes under it (Back, Clear, a link) the
 * field shows the new value, unless it only differs by spaces still being typed.
 */
export function useTypedText(value: string, onPause: (text: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  const [synced, setSynced] = useState(value);
  const onPauseRef = useRef(onPause);
  useEffect(() => {
    onPauseRef.current = onPause;
  });

  if (synced !== value) {
    setSynced(value);
    if (text.trim() !== value) setText(value);
  }

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === synced) return;
    const timer = window.setTimeout(() => onPauseRef.current(trimmed), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text, synced]);

  return [text, setText];
}
