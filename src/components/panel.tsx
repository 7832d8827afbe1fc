// Moved to ./ui/panel.tsx. Kept only while src/routes still imports this path (the lead switches them after the issue-12 merge, then deletes this file).
export { EmptyState, Panel } from './ui/panel.tsx';
