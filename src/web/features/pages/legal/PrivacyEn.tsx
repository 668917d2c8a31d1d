import { ContactBlock } from '../LegalLayout';

/** The privacy policy in English, as it has always read; PrivacyNe.tsx says the same in Nepali. */
export function PrivacyIntroEn({ storeName }: { storeName: string }) {
  return (
    <p>
      This policy explains what personal information {storeName} (&quot;we&quot;, &quot;us&quot;), an online electronics and
      gaming shop based in Kathmandu, Nepal, collects when you use our website, why we collect it, and the choices you have. By
      using the website you agree to this policy.
    </p>
  );
}

export function PrivacyBodyEn() {
  return (
    <>
      <h2>1. Information we collect</h2>
      <ul>
        <li>
          <strong>Account details</strong> you give us when you register: first and last name, email address, phone number and
          password. We store only a one-way hash of your password, never the password itself.
        </li>
        <li>
          <strong>Order details</strong>: the products you buy, amounts, order status and the delivery information needed to bring
          your order to you.
        </li>
        <li>
          <strong>Verification codes</strong>: the one-time codes we email to confirm your address, kept only in hashed form and
          only until they expire.
        </li>
        <li>
          <strong>Technical information</strong>: your IP address, browser type and the pages you request, recorded in our server
          logs to keep the service secure and working.
        </li>
        <li>
          <strong>Data stored on your device</strong>: your browser keeps your login session and a few preferences (such as the
          dashboard tab you last opened) in local storage, and the language you chose in a cookie (pasal_lang) so the next page
          opens in it. We do not use advertising trackers.
        </li>
      </ul>

      <h2>2. How we use your information</h2>
      <ul>
        <li>to create and manage your account and verify your email address;</li>
        <li>to process, deliver and support your orders, and to contact you about them;</li>
        <li>to protect your account and our shop, for example by limiting repeated failed logins and detecting fraud;</li>
        <li>to answer your questions and provide customer support;</li>
        <li>to meet our legal, tax and accounting obligations under the laws of Nepal;</li>
        <li>to send you news and offers, only if you ask for them, and you can stop them at any time.</li>
      </ul>

      <h2>3. When we share it</h2>
      <p>
        We do not sell or rent your personal information. We share it only with service providers who help us run the shop
        (delivery partners, payment processors, email and hosting providers), who may use it only to provide their service to us,
        and with public authorities when the law requires it.
      </p>

      <h2>4. How long we keep it</h2>
      <p>
        We keep your account information while your account is open. Order and invoice records are kept for as long as Nepalese
        tax and accounting laws require. Server logs are deleted after a short period unless they are needed to investigate a
        security incident.
      </p>

      <h2>5. Security</h2>
      <p>
        We protect your information with hashed passwords, short-lived session tokens, encrypted connections and restricted access
        for our staff. No method of transmission or storage is perfectly secure, so please keep your password private and tell us
        at once if you suspect that someone else has used your account.
      </p>

      <h2>6. Your rights</h2>
      <p>
        You may ask us for a copy of the personal information we hold about you, ask us to correct it, or ask us to delete your
        account. We respect your right to privacy under the Constitution of Nepal and the Individual Privacy Act, 2075 (2018).
        Contact us using the details below and we will answer within a reasonable time.
      </p>

      <h2>7. Children</h2>
      <p>
        Our service is not directed at people under 16, and we do not knowingly collect personal information from them. If you
        believe a child under 16 has given us personal information, please contact us and we will delete it.
      </p>

      <h2>8. Changes to this policy</h2>
      <p>
        We may update this policy from time to time. The effective date at the top shows when it last changed, and we will tell
        registered customers by email about significant changes.
      </p>

      <h2>9. Governing law</h2>
      <p>
        This policy is governed by the laws of Nepal. Any dispute about it falls under the exclusive jurisdiction of the courts of
        Kathmandu, Nepal.
      </p>

      <h2>10. Contact us</h2>
      <p>For any question about your privacy or this policy, contact us:</p>
      <ContactBlock />
    </>
  );
}
