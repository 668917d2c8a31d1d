import { localDigits } from '../../../shared/locale';
import { NEPAL_PROVINCES } from '../../../shared/orders';
import { type District, districtsOf, findDistrict } from '../../../shared/districts';
import { PROVINCE_MESSAGES } from '../../components/orders/order-labels';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { useLocale, useT } from '../../lib/i18n';
import type { Checkout } from './use-checkout';

/** A province's districts for the select, by their name in the page's language. */
function districtOptions(province: string, locale: 'en' | 'ne'): District[] {
  const list = districtsOf(province);
  return locale === 'ne' ? list.sort((a, b) => a.ne.localeCompare(b.ne, 'ne')) : list;
}

/** Who receives the order and where: a Nepali address, its district chosen from its province's. */
export function AddressFields({ form }: { form: Checkout['form'] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <TextField label={t('cart.checkout.fullName')} autoComplete="name" maxLength={100} {...form.field('fullName')} />
      <TextField
        label={t('cart.checkout.phone')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={10}
        // The number's form, written the same in both languages: the field takes the digits 0-9.
        placeholder="98XXXXXXXX"
        hint={t('cart.checkout.phoneHint', { digits: localDigits('10', locale) })}
        {...form.field('phone')}
      />
      <SelectField
        label={t('cart.checkout.province')}
        autoComplete="address-level1"
        {...form.field('province')}
        onChange={(event) => {
          form.setValue('province', event.target.value);
          // Another province's district would be refused: the district is chosen again.
          if (findDistrict(form.values.district)?.province !== event.target.value) form.setValue('district', '');
        }}
      >
        <option value="">{t('cart.checkout.provinceChoose')}</option>
        {NEPAL_PROVINCES.map((province) => (
          <option key={province} value={province}>
            {t(PROVINCE_MESSAGES[province])}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('cart.checkout.district')}
        autoComplete="address-level2"
        disabled={form.values.province === ''}
        {...form.field('district')}
      >
        <option value="">
          {form.values.province === '' ? t('cart.checkout.districtProvinceFirst') : t('cart.checkout.districtChoose')}
        </option>
        {districtOptions(form.values.province, locale).map((district) => (
          <option key={district.en} value={district.en}>
            {locale === 'ne' ? district.ne : district.en}
          </option>
        ))}
      </SelectField>
      <TextField label={t('cart.checkout.city')} autoComplete="address-level3" maxLength={100} {...form.field('city')} />
      <TextField
        label={t('cart.checkout.address')}
        autoComplete="street-address"
        maxLength={200}
        placeholder={t('cart.checkout.addressPlaceholder')}
        {...form.field('address')}
      />
      <TextField
        label={t('cart.checkout.landmark')}
        maxLength={200}
        placeholder={t('cart.checkout.landmarkPlaceholder')}
        {...form.field('landmark')}
      />
    </>
  );
}
