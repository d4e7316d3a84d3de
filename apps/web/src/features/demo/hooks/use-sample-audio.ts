import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchSampleAudio } from '../api/score-demo';

/**
 * Plays a text aloud: the server's text-to-speech (flite, country US) when it has one, else the
 * browser's speechSynthesis (the server answers 501 when it has none).
 */
export function useSampleAudio() {
  const [playing, setPlaying] = useState(false);
  const audio = useRef<HTMLAudioElement | null>(null);

  useEffect(
    () => () => {
      audio.current?.pause();
      if (audio.current?.src) URL.revokeObjectURL(audio.current.src);
    },
    [],
  );

  const speakInBrowser = useCallback((text: string) => {
    if (typeof speechSynthesis === 'undefined') return setPlaying(false);
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = 'en-US';
    utterance.onend = () => setPlaying(false);
    utterance.onerror = () => setPlaying(false);
    speechSynthesis.speak(utterance);
  }, []);

  const play = useCallback(
    async (text: string) => {
      setPlaying(true);
      try {
        const blob = await fetchSampleAudio(text);
        if (!blob) return speakInBrowser(text);
        audio.current?.pause();
        if (audio.current?.src) URL.revokeObjectURL(audio.current.src);
        const element = new Audio(URL.createObjectURL(blob));
        element.onended = () => setPlaying(false);
        audio.current = element;
        await element.play();
      } catch {
        speakInBrowser(text);
      }
    },
    [speakInBrowser],
  );

  return { playing, play };
}
