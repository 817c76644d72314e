/** The part of frappe-gantt 1.2 (plain JavaScript, no types) the project timeline uses. */
declare module 'frappe-gantt' {
  export type GanttTask = { id: string; name: string; start: string; end: string; progress: number; dependencies?: string[]; custom_class?: string };
  export type GanttOptions = {
    view_mode?: 'Day' | 'Week' | 'Month' | 'Year';
    language?: string;
    readonly?: boolean;
    readonly_progress?: boolean;
    bar_height?: number;
    padding?: number;
    today_button?: boolean;
    infinite_padding?: boolean;
    scroll_to?: string;
    popup_on?: 'click' | 'hover';
    popup?: (ctx: { task: GanttTask & { _start: Date; _end: Date }; set_title: (s: string) => void; set_subtitle: (s: string) => void; set_details: (s: string) => void }) => void;
    on_date_change?: (task: GanttTask, start: Date, end: Date) => void;
    on_click?: (task: GanttTask) => void;
  };
  export default class Gantt {
    constructor(element: HTMLElement | string, tasks: GanttTask[], options?: GanttOptions);
    refresh(tasks: GanttTask[]): void;
    change_view_mode(mode?: string, maintainPos?: boolean): void;
    update_options(options: GanttOptions): void;
  }
}
