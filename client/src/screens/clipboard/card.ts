// The live clipboard's panels share one card look (the rooms list, the create form, the room's columns).
export const cardClasses =
  "rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900";
