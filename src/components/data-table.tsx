// Moved to ./ui/data-table.tsx. Kept only while other branches still import this path (delete after the issue-12 merge).
export { DataTable, type Column } from './ui/data-table.tsx';
