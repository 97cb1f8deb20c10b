// The fr catalogues of every namespace, each its own lazily loaded chunk (see ../backend.ts).
export default import.meta.glob<Record<string, unknown>>('../../*/locales/fr.json', { import: 'default' });
