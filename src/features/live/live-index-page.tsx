import { Link } from '@tanstack/react-router';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, Panel } from '../../components/ui/panel.tsx';
import { OpenLiveForm } from './open-live-form.tsx';
import { forgetRecentLive, useRecentLive } from './recent.ts';
import { describeState, TONE_BADGE } from '../../components/live-states.ts';

/** /live: follow a call's live status, and the calls followed recently with their last state. */
export function LiveIndexPage() {
  const recent = useRecentLive();
  return (
    <>
      <h1 className="mb-4 text-lg font-semibold tracking-tight">Live calls</h1>
      <div className="space-y-5">
        <Panel title="Follow a call">
          <OpenLiveForm />
        </Panel>
        <Panel
          title="Opened recently"
          actions={
            recent.length > 0 ? (
              <Button variant="quiet" size="xs" onClick={forgetRecentLive}>
                Clear the list
              </Button>
            ) : undefined
          }
        >
          {recent.length === 0 ? (
            <EmptyState>Calls you open appear here with the last state seen. Event pages link to their live status too.</EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {recent.map((item) => {
                const info = describeState(item.state);
                return (
                  <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-2.5 text-sm">
                    <Link to="/live/$liveId" params={{ liveId: item.id }} className={textLinkClass()}>
                      {item.title}
                    </Link>
                    <span className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                      <Badge tone={TONE_BADGE[info.tone]}>{info.label}</Badge>
                      {item.seenAt > 0 && <>seen {new Date(item.seenAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}</>}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </Panel>
      </div>
    </>
  );
}
