import { shop } from './field';
import { rangeFields } from './range';
import { createSerializer } from 'nuqs/server';
import { defineView, readViewFromUrl, type ViewState } from './view';

// The frame every page shares (the header owns it): the shop and the date range.

export const frameView = defineView({ shop, ...rangeFields });
export type FrameState = ViewState<typeof frameView.fields>;

/** Query string carrying shop and range, for links between pages (defaults are left out). */
export const serializeFrame = createSerializer(frameView.parsers, { clearOnDefault: true });

/** Shop and range only: pages that list no server-paged rows (Your costs). */
export const readFrameFromUrl = readViewFromUrl(frameView);
