/**
 * Who speaks, as every transcript view writes it: the name in bold, then the role and company
 * quieter ("Ana Ruiz, Chief Financial Officer, Acme"). The text is the one naming rule's
 * (src/lib/transcript/speakers.ts); this is only its look.
 */
export function SpeakerName({ speaker, strong = true }: { speaker: { label: string; detail?: string }; strong?: boolean }) {
  return (
    <>
      <span className={strong ? 'font-semibold text-slate-900 dark:text-slate-100' : undefined}>{speaker.label}</span>
      {speaker.detail && <span className="text-slate-600 dark:text-slate-400">, {speaker.detail}</span>}
    </>
  );
}
