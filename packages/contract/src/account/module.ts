import { defineModule } from '../kit/define';

export const accountModule = defineModule({
  name: 'account',
  label: 'Minha conta',
  pages: [
    { path: '/my-account', title: 'Minha conta' },
  ],
});
