import { useEffect, useState, type ComponentType } from 'react';
import { inlineControlClass } from '../../components/ui/field.tsx';
import { SearchIcon } from './search-icon.tsx';
import { whenIdleAfterLoad } from '../../lib/idle.ts';

/**
 * What the root layout needs of company search, without its weight: the search box, the Ctrl/Cmd+K
 * palette and the index badge load their code when the browser is idle after the first page (or at
 * once when the analyst reaches for them), so the first route stays small. Until then the header
 * shows an input that looks and is labelled the same and hands over what was typed.
 */

type SearchModule = typeof import('./company-search-ui.ts');
let loading: Promise<SearchModule> | null = null;
let loaded: SearchModule | null = null;

export function loadSearch(): Promise<SearchModule> {
  loading ??= import('./company-search-ui.ts').then((m) => (loaded = m));
  return loading;
}

function useSearchModule(eager: boolean): SearchModule | null {
  const [module, setModule] = useState<SearchModule | null>(() => loaded);
  useEffect(() => {
    if (module) return;
    let live = true;
    const load = () => void loadSearch().then((m) => live && setModule(m));
    if (eager) load();
    else {
      const cancel = whenIdleAfterLoad(load);
      return () => {
        live = false;
        cancel();
      };
    }
    return () => {
      live = false;
    };
  }, [eager, module]);
  return module;
}

/** The header's "Search companies" box. */
export function HeaderSearch() {
  const [wanted, setWanted] = useState(false);
  const module = useSearchModule(wanted);
  const [typed, setTyped] = useState({ value: '', focused: false });
  if (module) {
    const Search = module.CompanySearch as ComponentType<{ variant: 'header'; initialQuery?: string; focusOnMount?: boolean }>;
    return <Search variant="header" initialQuery={typed.value} focusOnMount={typed.focused} />;
  }
  return (
    <div className="relative w-full">
      <label htmlFor="company-search-shell" className="sr-only">
        Search companies
      </label>
      <input
        id="company-search-shell"
        type="text"
        autoComplete="off"
        placeholder="Search companies"
        value={typed.value}
        onFocus={() => {
          setTyped((t) => ({ ...t, focused: true }));
          setWanted(true);
        }}
        onBlur={() => setTyped((t) => ({ ...t, focused: false }))}
        onPointerEnter={() => setWanted(true)}
        onChange={(event) => {
          const value = event.target.value;
          setTyped((t) => ({ ...t, value }));
          setWanted(true);
        }}
        className={`${inlineControlClass} w-full pl-8 pr-12`}
      />
      <SearchIcon />
    </div>
  );
}

/** Ctrl/Cmd+K from anywhere; the palette's code loads with the search (or on the first press). */
export function PaletteLauncher() {
  const [pressed, setPressed] = useState(false);
  const module = useSearchModule(pressed);
  useEffect(() => {
    if (module) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setPressed(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [module]);
  if (!module) return null;
  const Palette = module.CommandPalette as ComponentType<{ openOnMount?: boolean }>;
  return <Palette openOnMount={pressed} />;
}

/** The index's progress in the header, once the search code is there. */
export function HeaderIndexBadge() {
  const module = useSearchModule(false);
  if (!module) return null;
  const Badge = module.IndexBadge;
  return <Badge />;
}

/** Starts filling the company index when the browser is idle after the first page. */
export function startCompanyIndexInBackground(): void {
  whenIdleAfterLoad(() => void loadSearch().then((m) => m.startCompanyIndexInBackground()), 3_000);
}
