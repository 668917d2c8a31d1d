import { Link } from 'react-router';
import { ContactBlock } from '../LegalLayout';

/** The terms in English, as they have always read; TermsNe.tsx says the same in Nepali. */
export function TermsIntroEn({ storeName }: { storeName: string }) {
  return (
    <p>
      These terms govern your use of the {storeName} website and every purchase you make from us. {storeName} is an online
      electronics and gaming shop based in Kathmandu, Nepal. Please read them carefully: by using the website or placing an order
      you accept them.
    </p>
  );
}

export function TermsBodyEn({ storeName }: { storeName: string }) {
  return (
    <>
      <h2>1. Your account</h2>
      <p>
        To place orders you need an account with accurate, current details and a verified email address. You are responsible for
        keeping your password secret and for everything done through your account. You must be at least 16 years old to open an
        account; see our <Link to="/privacy-policy">Privacy Policy</Link> for how we handle your information.
      </p>

      <h2>2. Products and prices</h2>
      <p>
        We describe and photograph our products as accurately as we can, but colours and details may vary slightly from what your
        screen shows. Prices are in Nepalese rupees (Rs.) and include applicable taxes unless stated otherwise. If a product is
        listed at an obviously wrong price, we may cancel the order and refund anything you have paid.
      </p>

      <h2>3. Orders</h2>
      <p>
        Placing an order is an offer to buy. The contract is formed when we confirm the order. We may refuse or cancel an order,
        for example when a product is out of stock or we suspect fraud; if we do, we will tell you and refund any payment in full.
      </p>

      <h2>4. Delivery</h2>
      <p>
        We deliver within the Kathmandu Valley and to other parts of Nepal. Delivery times we give are estimates. Please check
        your order when it arrives: the risk of loss passes to you on delivery.
      </p>

      <h2 id="returns">5. Damaged or defective products and returns</h2>
      <ul>
        <li>
          Damaged or defective products must be reported to us within one day (24 hours) of delivery, with your order number and,
          where possible, photos of the product and its packaging.
        </li>
        <li>
          To be accepted for return, the product must be unused and in its original packaging, with all accessories, manuals and
          tags.
        </li>
        <li>
          Once we have checked the product, we will repair or replace it, or refund you if neither is possible. Products reported
          after this period are handled under the manufacturer&apos;s warranty.
        </li>
      </ul>

      <h2>6. Warranty</h2>
      <p>
        Products come with the warranty of their manufacturer or official distributor in Nepal, on the terms stated with each
        product. Keep your invoice: it is your proof of purchase. We will help you make warranty claims.
      </p>

      <h2>7. Acceptable use</h2>
      <p>
        You agree not to misuse the website: no fraudulent orders, no attempts to access other people&apos;s accounts or our
        systems, no automated scraping or overloading, and nothing unlawful. We may suspend accounts that break these rules.
      </p>

      <h2>8. Intellectual property</h2>
      <p>
        The website&apos;s content, design and logo belong to {storeName} or its licensors. Product names and trademarks belong to
        their respective owners.
      </p>

      <h2>9. Limitation of liability</h2>
      <p>
        To the extent permitted by the laws of Nepal, we are not liable for indirect or consequential losses, and our liability
        for any order is limited to the amount you paid for it. Nothing in these terms limits your rights as a consumer under
        Nepalese law.
      </p>

      <h2>10. Changes to these terms</h2>
      <p>
        We may change these terms from time to time. The version in force when you place an order applies to that order; the
        effective date at the top shows when the terms last changed.
      </p>

      <h2>11. Governing law and disputes</h2>
      <p>
        These terms are governed by the laws of Nepal. Any dispute arising from them or from your use of the website is subject to
        the exclusive jurisdiction of the courts of Kathmandu, Nepal.
      </p>

      <h2>12. Contact us</h2>
      <p>Questions about these terms, an order or a return? Contact us:</p>
      <ContactBlock />
    </>
  );
}
