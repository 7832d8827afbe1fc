/** The Segments section of the company page. Import lazily: `lazy(() => import('…/segments/index.ts'))`. */
export { CompanySegments, CompanySegments as default } from './company-segments.tsx';
