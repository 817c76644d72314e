import type { DemoContext } from '../../db/demo/context';

/** Demo rows of the wiki module (issue 16), through the API. Returns whether it seeded anything. */
export async function seedWikiDemo(ctx: DemoContext): Promise<boolean> {
  void ctx;
  return false;
}
