import type { Locale } from '../../shared/locale.js';
import { type MessageCatalogue, nepaliLookup } from '../../shared/message-patterns.js';
import { VALIDATION_NE, ZOD_DEFAULTS_NE } from '../../shared/validation-ne.js';

/**
 * Nepali for the messages of the API's error answers, keyed by the English text the code writes
 * (lib/errors.ts, lib/error-handler.ts, the features' AppErrors and the shared *_MESSAGES).
 * The shared schemas' validation messages are in src/shared/validation-ne.ts (the web's forms
 * use them too); serverMessage() looks in both. lib/error-handler.ts translates every answer in
 * one place, by the request's language (apiLocale).
 *
 * `{name}` stands for a part of the English that varies: a number or an amount (written in
 * Devanagari digits), a product's or a category's name, an address (kept as they are). A part
 * may stand for an English plural ending ("minute{s}") that the Nepali does not need.
 * tests/api/i18n-server.test.ts checks that every message the server throws has Nepali here, and
 * that nothing here is no longer thrown.
 */
export const ERRORS_NE: MessageCatalogue = {
  // lib/errors.ts and lib/error-handler.ts
  'Authentication required': 'कृपया पहिले लगइन गर्नुहोस्',
  'You are not allowed to do this': 'तपाईंलाई यो काम गर्ने अनुमति छैन',
  'Not found': 'भेटिएन',
  'Request {part} must be a JSON object': 'अनुरोधको {part} JSON object हुनुपर्छ',
  'Invalid value': 'मान मिलेन',
  'Invalid request': 'अनुरोध मिलेन',
  'Internal server error': 'सर्भरमा समस्या आयो। कृपया केही बेरपछि फेरि प्रयास गर्नुहोस्।',
  'Text contains characters that cannot be stored': 'तपाईंले लेखेकोमा सेभ गर्न नमिल्ने अक्षर छन्',
  'The shop is busy for a moment. Please try again shortly.': 'पसल अहिले केही बेर व्यस्त छ। कृपया छिट्टै फेरि प्रयास गर्नुहोस्।',
  'Route {method} {path} not found': '{method} {path} भन्ने ठेगाना भेटिएन',
  'Malformed JSON body': 'अनुरोधको JSON बिग्रिएको छ',
  'Request body is too large': 'अनुरोध धेरै ठूलो भयो',
  'Unsupported content type': 'यो किसिमको सामग्री (content type) लिइँदैन',

  // Accounts, sessions and sign-in limits (shared/accounts.ts, shared/account-recovery.ts)
  'Email is already registered': 'यो इमेल पहिल्यै दर्ता भइसकेको छ',
  'Phone number is already registered': 'यो फोन नम्बर पहिल्यै दर्ता भइसकेको छ',
  'User not found': 'खाता भेटिएन',
  'Email is already verified': 'इमेल पहिल्यै प्रमाणित भइसकेको छ',
  'Please wait {seconds} seconds before requesting a new OTP': 'नयाँ OTP माग्नुअघि कृपया {seconds} सेकेन्ड पर्खनुहोस्',
  'Too many OTP requests. Please try again in {minutes} minute{s}.':
    'धेरै पटक OTP माग्नुभयो। कृपया {minutes} मिनेटपछि फेरि प्रयास गर्नुहोस्।',
  'No OTP has been requested. Please request a new one.': 'अहिलेसम्म कुनै OTP मागिएको छैन। कृपया नयाँ OTP माग्नुहोस्।',
  'OTP has expired. Please request a new one.': 'OTP को म्याद सकियो। कृपया नयाँ OTP माग्नुहोस्।',
  'Invalid OTP. {attempts} attempt{s} left.': 'OTP मिलेन। अब {attempts} पटक मात्र प्रयास गर्न सकिन्छ।',
  'Invalid OTP. No attempts left; please request a new OTP.': 'OTP मिलेन। अब प्रयास गर्ने मौका बाँकी छैन; कृपया नयाँ OTP माग्नुहोस्।',
  'Too many incorrect attempts. Please request a new OTP.': 'धेरै पटक गलत OTP लेखियो। कृपया नयाँ OTP माग्नुहोस्।',
  'Invalid email/phone or password': 'इमेल/फोन वा पासवर्ड मिलेन',
  'Invalid username or password': 'युजरनेम वा पासवर्ड मिलेन',
  'Too many login attempts. Please try again in {minutes} minute{s}.':
    'धेरै पटक लगइन गर्ने प्रयास भयो। कृपया {minutes} मिनेटपछि फेरि प्रयास गर्नुहोस्।',
  'Too many sign-ups from here. Please try again in {minutes} minute{s}.':
    'यहाँबाट धेरै खाता खोलिए। कृपया {minutes} मिनेटपछि फेरि प्रयास गर्नुहोस्।',
  'Too many code requests from here. Please try again in {minutes} minute{s}.':
    'यहाँबाट धेरै पटक कोड मागियो। कृपया {minutes} मिनेटपछि फेरि प्रयास गर्नुहोस्।',
  'We are busy right now. Please try again in a minute.': 'अहिले हामी व्यस्त छौं। कृपया एक मिनेटपछि फेरि प्रयास गर्नुहोस्।',
  'You can only access your own account': 'तपाईं आफ्नै खाता मात्र हेर्न सक्नुहुन्छ',
  'Only an admin can do this': 'यो काम एडमिनले मात्र गर्न सक्छ',

  // Staff roles and two-factor sign-in (shared/staff-roles.ts)
  'Your role does not allow this': 'तपाईंको भूमिकाले यो काम गर्न दिँदैन',
  'Please finish setting up your sign-in first': 'कृपया पहिले आफ्नो लगइन सेटअप पूरा गर्नुहोस्',
  'No such admin': 'यस्तो एडमिन खाता भेटिएन',
  'The shop must keep at least one owner': 'पसलमा कम्तीमा एक जना मालिक (owner) रहनुपर्छ',
  'You cannot remove your own account': 'आफ्नै खाता हटाउन मिल्दैन',
  'That username is already taken': 'यो युजरनेम पहिल्यै लिइसकिएको छ',
  'Enter the code from your authenticator app': 'आफ्नो अथेन्टिकेटर एपको कोड लेख्नुहोस्',
  'That code is not right': 'कोड मिलेन',
  'An order only moves forward. To take it back a step or reopen it, use Take back with a reason.':
    'अर्डर अगाडि मात्र बढ्छ। एक चरण पछाडि फर्काउन वा फेरि खोल्न कारणसहित "पछाडि फर्काउनुहोस्" चलाउनुहोस्।',
  'That is not a step back: change the status instead': 'यो पछाडि फर्काउने होइन: यसको सट्टा स्थिति बदल्नुहोस्',
  'Staff id must be a positive whole number': 'कर्मचारीको id धनात्मक पूर्णाङ्क हुनुपर्छ',
  'Start the two-factor setup first': 'पहिले दुई-चरण लगइनको सेटअप सुरु गर्नुहोस्',
  'Two-factor sign-in is already on': 'दुई-चरण लगइन पहिल्यै खुला छ',
  'User id must be a positive whole number': 'खाताको id शून्यभन्दा ठूलो पूर्णाङ्क हुनुपर्छ',
  'Invalid or expired token': 'तपाईंको लगइन मान्य छैन वा यसको म्याद सकियो',
  'Invalid token': 'तपाईंको लगइन मान्य छैन',
  'This token was already used. Please log in again.': 'यो लगइन पहिल्यै प्रयोग भइसकेको छ। कृपया फेरि लगइन गर्नुहोस्।',
  'Session has ended. Please log in again.': 'तपाईंको सेसन सकियो। कृपया फेरि लगइन गर्नुहोस्।',
  'Current password is incorrect': 'हालको पासवर्ड मिलेन',
  'The new password must differ from the current one': 'नयाँ पासवर्ड हालको पासवर्डभन्दा फरक हुनुपर्छ',
  'This is already your email': 'यो त तपाईंको हालकै इमेल हो',
  'This is already your phone number': 'यो त तपाईंको हालकै फोन नम्बर हो',
  // Codes by text and login by phone (shared/phone-codes.ts)
  'Your phone number is already verified': 'तपाईंको फोन नम्बर पहिल्यै प्रमाणित भइसकेको छ',
  'We cannot text this number now. Please try again later or use your email.':
    'अहिले यो नम्बरमा SMS पठाउन सकिँदैन। कृपया पछि फेरि प्रयास गर्नुहोस् वा इमेल प्रयोग गर्नुहोस्।',
  'Too many login codes for this number. Please try again in {minutes} minute{s}.':
    'यो नम्बरका लागि धेरै पटक लगइन कोड मागियो। कृपया {minutes} मिनेटपछि फेरि प्रयास गर्नुहोस्।',
  'This admin’s password is set by ADMIN_PASSWORD on the server. Change it there.':
    'यो एडमिनको पासवर्ड सर्भरको ADMIN_PASSWORD ले तय गर्छ। त्यहीँ परिवर्तन गर्नुहोस्।',
  'Too many reset requests. Please try again in {minutes} minute{s}.':
    'पासवर्ड रिसेट गर्न धेरै पटक अनुरोध भयो। कृपया {minutes} मिनेटपछि फेरि प्रयास गर्नुहोस्।',

  // Wishlist (shared/wishlist.ts)
  'You can only access your own wishlist': 'तपाईं आफ्नै इच्छासूची मात्र हेर्न सक्नुहुन्छ',
  'This product is not in your wishlist': 'यो सामान तपाईंको इच्छासूचीमा छैन',
  'Your wishlist is full: it holds at most {max} products. Remove one to add another.':
    'तपाईंको इच्छासूची भरिएको छ: यसमा बढीमा {max} सामान राख्न मिल्छ। अर्को थप्न एउटा हटाउनुहोस्।',

  // Alerts (shared/alerts.ts)
  'This is in stock: you can order it now': 'यो स्टकमा छ: अहिले नै अर्डर गर्न सक्नुहुन्छ',
  'Choose the variant you want to be told about': 'कुन भेरियन्टबारे खबर चाहिन्छ, छान्नुहोस्',
  'You can only change your own alerts': 'तपाईं आफ्नै सूचना मात्र बदल्न सक्नुहुन्छ',
  'You can only change your own text settings': 'तपाईं आफ्नै SMS सेटिङ मात्र बदल्न सक्नुहुन्छ',
  "Today's SMS limit is reached": 'आजको SMS सीमा पुगिसक्यो',
  'This number has had as many texts as it may have for now: at most {hour} an hour and {day} a day':
    'यो नम्बरमा अहिलेलाई पठाउन मिल्ने जति SMS गइसके: घण्टामा बढीमा {hour} र दिनमा बढीमा {day}',

  // Cart (shared/cart.ts)
  'Cart item not found': 'कार्टमा यो सामान भेटिएन',
  'Product not found': 'सामान भेटिएन',
  'You can only access your own cart': 'तपाईं आफ्नै कार्ट मात्र हेर्न सक्नुहुन्छ',
  'Variant not found': 'भेरियन्ट भेटिएन',
  'This variant belongs to another product': 'यो भेरियन्ट अर्कै सामानको हो',
  'This product has no variants to choose from': 'यो सामानमा छान्नुपर्ने भेरियन्ट छैनन्',
  'Choose a {options} and {last}': '{options} र {last} छान्नुहोस्',
  'Choose a {option}': '{option} छान्नुहोस्',
  '"{name}" is out of stock': '"{name}" स्टकमा छैन',
  'Only {stock} of "{name}" left in stock, and your cart already has {inCart}':
    'स्टकमा "{name}" {stock} वटा मात्र बाँकी छ, र तपाईंको कार्टमा पहिल्यै {inCart} वटा छ',
  'Only {stock} of "{name}" left in stock': 'स्टकमा "{name}" {stock} वटा मात्र बाँकी छ',
  // The units one order may take (CART_MESSAGES and ORDER_MESSAGES tooManyUnits).
  'You can order at most {max} of "{name}" at a time': 'एक पटकमा "{name}" बढीमा {max} वटा मात्र अर्डर गर्न सकिन्छ',
  'You can order at most {max} of "{name}" at a time, counting all its variants together':
    'एक पटकमा "{name}" का सबै भेरियन्ट मिलाएर बढीमा {max} वटा मात्र अर्डर गर्न सकिन्छ',

  // Catalogue (shared/catalog.ts, features/catalog, lib/images.ts)
  'Images can have at most {max} megapixels': 'फोटो बढीमा {max} मेगापिक्सेलको हुन सक्छ',
  'The image could not be read': 'फोटो पढ्न सकिएन',
  'Invalid category id': 'क्याटेगोरीको id मिलेन',
  'Invalid subcategory id': 'सब-क्याटेगोरीको id मिलेन',
  'Invalid child category id': 'चाइल्ड क्याटेगोरीको id मिलेन',
  'Invalid product id': 'सामानको id मिलेन',
  'Invalid dictionary word id': 'शब्दकोशको शब्दको id मिलेन',
  'Invalid audit entry id': 'गतिविधिको id मिलेन',
  'Audit entry not found': 'गतिविधि भेटिएन',
  'Only a price or stock change of a product can be undone': 'सामानको मूल्य वा स्टकको परिवर्तन मात्र फर्काउन सकिन्छ',
  'The product has changed since this entry: its price or stock is no longer what the entry set, so nothing was undone':
    'यो गतिविधिपछि सामान फेरि बदलिएको छ: मूल्य वा स्टक यसले राखेजस्तो छैन, त्यसैले केही पनि फर्काइएन',
  'A category named "{name}" already exists': '"{name}" नामको क्याटेगोरी पहिल्यै छ',
  'Category not found': 'क्याटेगोरी भेटिएन',
  'The dictionary holds at most {max} words': 'खोज शब्दकोशमा बढीमा {max} शब्द राख्न सकिन्छ',
  'Dictionary word not found': 'खोज शब्दकोशमा त्यो शब्द भेटिएन',
  'A subcategory named "{name}" already exists in {category}': '{category} मा "{name}" नामको सब-क्याटेगोरी पहिल्यै छ',
  'A child category named "{name}" already exists in {subcategory}': '{subcategory} मा "{name}" नामको चाइल्ड क्याटेगोरी पहिल्यै छ',
  'Child category not found in this subcategory': 'यो सब-क्याटेगोरीमा त्यो चाइल्ड क्याटेगोरी भेटिएन',
  // A node that still has children or products: one text per level and reason (category-service.ts).
  'Cannot delete the category "{name}": it still has {children} subcategor{ies} and {products} product{s}. Remove its subcategories and delete or move its products first.':
    'क्याटेगोरी "{name}" मेटाउन मिल्दैन: यसभित्र अझै {children} वटा सब-क्याटेगोरी र {products} वटा सामान बाँकी छ। पहिले सब-क्याटेगोरी हटाउनुहोस्, अनि सामान मेटाउनुहोस् वा अर्कै ठाउँमा सार्नुहोस्।',
  'Cannot delete the category "{name}": it still has {children} subcategor{ies}. Remove its subcategories first.':
    'क्याटेगोरी "{name}" मेटाउन मिल्दैन: यसभित्र अझै {children} वटा सब-क्याटेगोरी बाँकी छ। पहिले ती सब-क्याटेगोरी हटाउनुहोस्।',
  'Cannot delete the category "{name}": it still has {products} product{s}. Delete those products or move them to another category first.':
    'क्याटेगोरी "{name}" मेटाउन मिल्दैन: यसभित्र अझै {products} वटा सामान बाँकी छ। पहिले ती सामान मेटाउनुहोस् वा अर्को क्याटेगोरीमा सार्नुहोस्।',
  'Cannot delete the subcategory "{name}": it still has {children} child categor{ies} and {products} product{s}. Remove its child categories and delete or move its products first.':
    'सब-क्याटेगोरी "{name}" मेटाउन मिल्दैन: यसभित्र अझै {children} वटा चाइल्ड क्याटेगोरी र {products} वटा सामान बाँकी छ। पहिले चाइल्ड क्याटेगोरी हटाउनुहोस्, अनि सामान मेटाउनुहोस् वा अर्कै ठाउँमा सार्नुहोस्।',
  'Cannot delete the subcategory "{name}": it still has {children} child categor{ies}. Remove its child categories first.':
    'सब-क्याटेगोरी "{name}" मेटाउन मिल्दैन: यसभित्र अझै {children} वटा चाइल्ड क्याटेगोरी बाँकी छ। पहिले ती चाइल्ड क्याटेगोरी हटाउनुहोस्।',
  'Cannot delete the subcategory "{name}": it still has {products} product{s}. Delete those products or move them to another subcategory first.':
    'सब-क्याटेगोरी "{name}" मेटाउन मिल्दैन: यसभित्र अझै {products} वटा सामान बाँकी छ। पहिले ती सामान मेटाउनुहोस् वा अर्को सब-क्याटेगोरीमा सार्नुहोस्।',
  'Cannot delete the child category "{name}": it still has {products} product{s}. Delete those products or move them to another child category first.':
    'चाइल्ड क्याटेगोरी "{name}" मेटाउन मिल्दैन: यसभित्र अझै {products} वटा सामान बाँकी छ। पहिले ती सामान मेटाउनुहोस् वा अर्को चाइल्ड क्याटेगोरीमा सार्नुहोस्।',
  'The category was not found': 'क्याटेगोरी भेटिएन',
  'The subcategory was not found': 'सब-क्याटेगोरी भेटिएन',
  'The child category was not found': 'चाइल्ड क्याटेगोरी भेटिएन',
  // Archived products (shared/product-archive.ts).
  'This product is not archived': 'यो सामान आर्काइभमा छैन',
  'This product was archived more than {days} days ago and can no longer be restored':
    'यो सामान आर्काइभ भएको {days} दिनभन्दा बढी भइसक्यो, त्यसैले अब फिर्ता ल्याउन मिल्दैन',
  'This product cannot be restored: its category "{name}" has been deleted. Add a category named "{name}" again first.':
    'यो सामान फिर्ता ल्याउन मिल्दैन: यसको क्याटेगोरी "{name}" मेटिइसकेको छ। पहिले "{name}" नामको क्याटेगोरी फेरि थप्नुहोस्।',
  'This product cannot be restored: its subcategory "{name}" has been deleted. Add a subcategory named "{name}" to its category again first.':
    'यो सामान फिर्ता ल्याउन मिल्दैन: यसको सब-क्याटेगोरी "{name}" मेटिइसकेको छ। पहिले यसको क्याटेगोरीमा "{name}" नामको सब-क्याटेगोरी फेरि थप्नुहोस्।',
  'This product cannot be restored: its child category "{name}" has been deleted. Add a child category named "{name}" to its subcategory again first.':
    'यो सामान फिर्ता ल्याउन मिल्दैन: यसको चाइल्ड क्याटेगोरी "{name}" मेटिइसकेको छ। पहिले यसको सब-क्याटेगोरीमा "{name}" नामको चाइल्ड क्याटेगोरी फेरि थप्नुहोस्।',
  'Subcategory not found in this category': 'यो क्याटेगोरीमा त्यो सब-क्याटेगोरी भेटिएन',
  // A product's category path and images (category-service.ts, service.ts).
  'Category "{name}" does not exist': '"{name}" नामको क्याटेगोरी छैन',
  'Choose a subcategory before a child category': 'चाइल्ड क्याटेगोरी छान्नुअघि सब-क्याटेगोरी छान्नुहोस्',
  'Subcategory "{name}" does not exist in {category}': '{category} मा "{name}" नामको सब-क्याटेगोरी छैन',
  'Child category "{name}" does not exist in {subcategory}': '{subcategory} मा "{name}" नामको चाइल्ड क्याटेगोरी छैन',
  'Category does not exist': 'यो क्याटेगोरी छैन',
  'Subcategory does not exist in that category': 'त्यो क्याटेगोरीमा यो सब-क्याटेगोरी छैन',
  'Child category does not exist in that subcategory': 'त्यो सब-क्याटेगोरीमा यो चाइल्ड क्याटेगोरी छैन',
  "imageOrder lists an image that is not one of this product's images: {image}": 'imageOrder मा यो सामानको नभएको फोटो छ: {image}',
  'imageOrder lists an image twice': 'imageOrder मा एउटै फोटो दुई पटक छ',
  'Child category "{name}" does not exist in that subcategory': 'त्यो सब-क्याटेगोरीमा "{name}" नामको चाइल्ड क्याटेगोरी छैन',
  'Send the product as multipart/form-data': 'सामान multipart/form-data का रूपमा पठाउनुहोस्',
  'Unexpected file field "{field}": send images as "images"': 'नचिनिएको फाइल फिल्ड "{field}": फोटोहरू "images" फिल्डमा पठाउनुहोस्',
  'The field "{field}" is too long': '"{field}" फिल्ड धेरै लामो भयो',
  'A field name is too long': 'एउटा फिल्डको नाम धेरै लामो भयो',
  'The form has too many fields': 'फारममा धेरै फिल्ड भए',
  'A field name is not allowed': 'एउटा फिल्डको नाम मिलेन',
  'A JSON field is not valid JSON': 'एउटा JSON फिल्डमा मान्य JSON छैन',
  'The upload ended early': 'अपलोड बीचमै रोकियो',
  'Malformed multipart form': 'multipart फारम बिग्रिएको छ',
  'Not a stored image: {image}': 'यो पसलमा राखिएको फोटो होइन: {image}',
  'Another product already has this SKU': 'यो SKU अर्को सामानमा पहिल्यै छ',

  // A product's variants (shared/variants.ts, features/catalog/variants/).
  'Another product or variant already has this SKU': 'यो SKU अर्को सामान वा भेरियन्टमा पहिल्यै छ',
  'This variant is not one of this product’s variants': 'यो भेरियन्ट यस सामानको होइन',
  'Set the price of each variant': 'हरेक भेरियन्टको मूल्य छुट्टाछुट्टै राख्नुहोस्',
  'Set the stock of each variant': 'हरेक भेरियन्टको स्टक छुट्टाछुट्टै राख्नुहोस्',
  // Brands and specification fields (shared/specs.ts, features/catalog/specs).
  'Invalid brand id': 'ब्रान्डको id मिलेन',
  'Invalid specification field id': 'विवरण-फिल्डको id मिलेन',
  'A brand with this name already exists': 'यो नामको ब्रान्ड पहिल्यै छ',
  'Brand not found': 'ब्रान्ड भेटिएन',
  'Live products use this brand: give them another brand or archive them first':
    'पसलमा रहेका सामानले यो ब्रान्ड प्रयोग गर्छन्: पहिले तिनलाई अर्को ब्रान्ड दिनुहोस् वा संग्रहमा राख्नुहोस्',
  'Specification field not found': 'विवरण-फिल्ड भेटिएन',
  'Products have values for this field: its kind cannot change': 'सामानमा यो फिल्डको मान छ: यसको किसिम बदल्न मिल्दैन',
  'Products use a choice that would be removed': 'हटाउन खोजिएको विकल्प सामानले प्रयोग गरेका छन्',
  'This category already has a field with this name': 'यो क्याटेगोरीमा यो नामको फिल्ड पहिल्यै छ',
  'There is no brand with this name': 'यो नामको कुनै ब्रान्ड छैन',
  'This category has no specification field with this name': 'यो क्याटेगोरीमा यो नामको विवरण-फिल्ड छैन',
  'Must be a number': 'अङ्कमा लेख्नुहोस्',
  'Must be one of the field’s choices': 'फिल्डका विकल्पमध्ये एक हुनुपर्छ',

  // Products to CSV and back (shared/product-csv.ts, features/catalog/csv/).
  'Send the import as multipart/form-data with the CSV in "file" and an optional ZIP of images in "images"':
    'आयात multipart/form-data का रूपमा पठाउनुहोस्: CSV "file" मा, र चाहिए फोटोहरूको ZIP "images" मा',
  'Unexpected file field "{field}": send the CSV as "file" and the ZIP as "images"':
    'नचिनिएको फाइल फिल्ड "{field}": CSV "file" मा र ZIP "images" मा पठाउनुहोस्',
  'Choose a CSV file to import': 'आयात गर्न CSV फाइल छान्नुहोस्',
  'The CSV file must be at most {max} MB': 'CSV फाइल बढीमा {max} MB को हुनुपर्छ',
  'The ZIP file must be at most {max} MB': 'ZIP फाइल बढीमा {max} MB को हुनुपर्छ',
  // {utf} is "UTF-8" (a name, kept as it is: its digit is no number to write in Devanagari).
  'The file is not {utf} text. In Excel, save it as "CSV {utf} (Comma delimited)" and try again.':
    'यो फाइल {utf} मा लेखिएको छैन। Excel मा "CSV {utf} (Comma delimited)" का रूपमा सेभ गरेर फेरि प्रयास गर्नुहोस्।',
  'The CSV file could not be read near line {line}: check its quotes':
    'CSV फाइलको लाइन {line} तिर पढ्न सकिएन: उद्धरण चिन्ह (") जाँच्नुहोस्',
  'The CSV file is empty': 'CSV फाइल खाली छ',
  'The CSV file has no product rows': 'CSV फाइलमा सामानको कुनै पङ्क्ति छैन',
  'The CSV file has more than {max} product rows: split it into smaller files':
    'CSV फाइलमा {max} भन्दा बढी सामानका पङ्क्ति छन्: यसलाई साना फाइलहरूमा बाँड्नुहोस्',
  'The CSV file lacks these columns: {columns}': 'CSV फाइलमा यी स्तम्भ छैनन्: {columns}',
  'The CSV file has columns this shop does not know: {columns}. Its columns are {known}, {prefix}<Name>.':
    'CSV फाइलमा यो पसलले नचिनेका स्तम्भ छन्: {columns}। चिनिने स्तम्भहरू: {known}, {prefix}<Name>।',
  'The column "{column}" appears twice': '"{column}" स्तम्भ दुई पटक छ',
  'The ZIP file could not be read': 'ZIP फाइल पढ्न सकिएन',
  'The ZIP file may hold at most {max} images': 'ZIP फाइलमा बढीमा {max} वटा फोटो मात्र हुन सक्छन्',
  "The ZIP file's images come to more than {max} MB once unpacked": 'ZIP फाइलका फोटोहरू खोल्दा {max} MB भन्दा बढी हुन्छन्',
  'The ZIP file is damaged: "{name}" holds more than its size in the ZIP says':
    'ZIP फाइल बिग्रिएको छ: "{name}" मा ZIP ले भनेभन्दा धेरै सामग्री छ',
  'The row has {cells} cells but the header has {columns}':
    'यो पङ्क्तिमा {cells} वटा कोठा छन्, तर पहिलो (शीर्ष) पङ्क्तिमा {columns} वटा मात्र',
  'This SKU is already used in row {row}': 'यो SKU पङ्क्ति {row} मा पहिल्यै छ',
  'The id must be a product number (or empty for a new product)': 'id सामानको नम्बर हुनुपर्छ (नयाँ सामानका लागि खाली छोड्नुहोस्)',
  'This id is already used in row {row}': 'यो id पङ्क्ति {row} मा पहिल्यै छ',
  'There is no product with id {id}': 'id {id} भएको कुनै सामान छैन',
  'Featured must be yes or no': 'featured मा yes वा no लेख्नुहोस्',
  'A category path has at most three levels: Category > Subcategory > Child category':
    'क्याटेगोरीको बाटोमा बढीमा तीन तह हुन्छन्: क्याटेगोरी > सब-क्याटेगोरी > चाइल्ड क्याटेगोरी',
  'A product can have at most {max} images': 'एउटा सामानमा बढीमा {max} वटा फोटो हुन सक्छन्',
  'The image "{name}" is not in the ZIP file': '"{name}" फोटो ZIP फाइलमा छैन',
  'The ZIP file has more than one image named "{name}": write its folder too':
    'ZIP फाइलमा "{name}" नामका एकभन्दा बढी फोटो छन्: फोल्डरको नाम पनि लेख्नुहोस्',
  'The image "{name}" is larger than {max} MB': '"{name}" फोटो {max} MB भन्दा ठूलो छ',
  '"{name}" is not a JPEG, PNG, WebP, AVIF or GIF image': '"{name}" JPEG, PNG, WebP, AVIF वा GIF फोटो होइन',
  'The image "{name}" could not be read': '"{name}" फोटो पढ्न सकिएन',
  '"{address}" is not an image of this shop': '"{address}" यो पसलको फोटो होइन',
  'Images are not fetched from other sites: put "{address}" in the ZIP file and write its file name here':
    'अरू साइटबाट फोटो ल्याइँदैन: "{address}" लाई ZIP फाइलमा राखेर यहाँ त्यसको फाइलको नाम लेख्नुहोस्',
  'The rows of one product must agree: this {column} differs from the one in row {row}':
    'एउटै सामानका पङ्क्ति मिल्नुपर्छ: यहाँको {column} पङ्क्ति {row} को भन्दा फरक छ',
  'Write both the option’s name and its value': 'विकल्पको नाम र मान दुवै लेख्नुहोस्',
  'This product’s options are {names}: name them in this order on each of its rows':
    'यो सामानका विकल्प {names} हुन्: यसका हरेक पङ्क्तिमा तिनलाई यही क्रममा लेख्नुहोस्',
  'A variant SKU needs the variant’s options on the row': 'भेरियन्टको SKU का लागि पङ्क्तिमा भेरियन्टका विकल्प पनि चाहिन्छ',
  'Row {row} could not be saved, so nothing was imported': 'पङ्क्ति {row} सेभ गर्न सकिएन, त्यसैले केही पनि आयात भएन',
  'The file has errors, so nothing was imported': 'फाइलमा त्रुटि छन्, त्यसैले केही पनि आयात भएन',
  'dryRun must be true or false': 'dryRun को मान true वा false हुनुपर्छ',
  'The new price is less than half or more than one and a half times the old one: confirm the change':
    'नयाँ मूल्य पुरानोको आधाभन्दा कम वा डेढ गुणाभन्दा बढी छ: परिवर्तन पक्का गर्नुहोस्',
  'This product is sold in variants: change its price and stock in its variants':
    'यो सामान भेरियन्टमा बिक्छ: यसको मूल्य र स्टक भेरियन्टहरूमै बदल्नुहोस्',
  'confirmPriceChanges must be true or false': 'confirmPriceChanges को मान true वा false हुनुपर्छ',
  'The price changes from Rs. {before} to Rs. {after}, less than half or more than one and a half times the old one':
    'मूल्य रु. {before} बाट रु. {after} मा बदलिन्छ: पुरानो मूल्यको आधाभन्दा कम वा डेढ गुणाभन्दा बढी',
  'Some prices change to less than half or more than one and a half times the old ones: check them, then confirm the import':
    'केही मूल्य पुरानोको आधाभन्दा कम वा डेढ गुणाभन्दा बढी हुन्छन्: तिनलाई जाँचेर आयात पक्का गर्नुहोस्',

  // Jobs (shared/jobs.ts)
  'Job not found': 'काम भेटिएन',
  'Only a job that failed for good can be retried': 'पूरै असफल भएको काम मात्र फेरि चलाउन सकिन्छ',
  'Job id must be a positive whole number': 'कामको id शून्यभन्दा ठूलो पूर्णाङ्क हुनुपर्छ',

  // Orders and payments (shared/orders.ts, shared/payments.ts)
  'Please verify your email before placing an order': 'अर्डर गर्नुअघि कृपया आफ्नो इमेल प्रमाणित गर्नुहोस्',
  'Your cart is empty': 'तपाईंको कार्ट खाली छ',
  'Prices in your cart have changed: the total is now {total}. Please review your cart and try again.':
    'तपाईंको कार्टका सामानको मूल्य परिवर्तन भएको छ: अब जम्मा {total} भयो। कृपया कार्ट हेरेर फेरि प्रयास गर्नुहोस्।',
  '"{name}" is no longer available. Please remove it from your cart.': '"{name}" अब उपलब्ध छैन। कृपया यसलाई कार्टबाट हटाउनुहोस्।',
  'This order is too large to place online. Please contact the store.':
    'यो अर्डर अनलाइनबाट गर्न धेरै ठूलो भयो। कृपया पसलमा सम्पर्क गर्नुहोस्।',
  'Idempotency-Key must be {min} to {max} visible ASCII characters':
    'Idempotency-Key मा {min} देखि {max} वटासम्म देखिने ASCII अक्षर हुनुपर्छ',
  'Order not found': 'अर्डर भेटिएन',
  'You can only access your own orders': 'तपाईं आफ्नै अर्डर मात्र हेर्न सक्नुहुन्छ',
  'Cannot reopen this order: only {stock} of "{name}" left in stock':
    'यो अर्डर फेरि खोल्न मिल्दैन: स्टकमा "{name}" {stock} वटा मात्र बाँकी छ',
  'Cannot reopen this order: its tax invoice was voided with a credit note. Please place a new order.':
    'यो अर्डर फेरि खोल्न मिल्दैन: यसको कर बीजक क्रेडिट नोटसहित रद्द भइसकेको छ। कृपया नयाँ अर्डर गर्नुहोस्।',
  'Only a pending order can be cancelled': 'पुष्टि हुन बाँकी अर्डर मात्र रद्द गर्न सकिन्छ',
  'You have {count} order{s} waiting for payment or confirmation. Please complete or cancel one before placing another.':
    'तपाईंका {count} वटा अर्डर भुक्तानी वा पुष्टि हुन बाँकी छन्। अर्को अर्डर गर्नुअघि कृपया तीमध्ये एउटा पूरा गर्नुहोस् वा रद्द गर्नुहोस्।',
  'The time to pay for this order has run out, so it can no longer be paid online. Please place a new order.':
    'यो अर्डरको भुक्तानी गर्ने समय सकियो, त्यसैले अब अनलाइन तिर्न मिल्दैन। कृपया नयाँ अर्डर गर्नुहोस्।',
  'The time to pay for this order has run out. Please place a new order.':
    'यो अर्डरको भुक्तानी गर्ने समय सकियो। कृपया नयाँ अर्डर गर्नुहोस्।',
  'This order is not waiting for an online payment': 'यो अर्डरको अनलाइन भुक्तानी बाँकी छैन',
  // Not an error: the note beside an order whose payment could not start (orders/routes.ts).
  'The payment service is not answering right now. Your order is saved: please try again in a few minutes.':
    'भुक्तानी सेवाले अहिले जवाफ दिइरहेको छैन। तपाईंको अर्डर सुरक्षित छ: केही मिनेटपछि फेरि प्रयास गर्नुहोस्।',
  'This order is already paid': 'यो अर्डरको भुक्तानी भइसकेको छ',
  'This order has had too many payment tries. Please pay on delivery or contact the store.':
    'यो अर्डरमा धेरै पटक भुक्तानी गर्ने प्रयास भइसक्यो। कृपया सामान आइपुग्दा नगद तिर्नुहोस् वा पसलमा सम्पर्क गर्नुहोस्।',
  'This payment method is not available': 'यो भुक्तानी विधि उपलब्ध छैन',
  'Khalti takes payments of {amount} or more': 'खल्तीबाट {amount} वा सोभन्दा बढी मात्र तिर्न सकिन्छ',
  'Only an order with a refund due can be marked refunded':
    'रकम फिर्ता गर्न बाँकी भएको अर्डरमा मात्र "रकम फिर्ता भयो" भनी चिनो लगाउन सकिन्छ',

  // Coupons (shared/coupons.ts)
  'Coupon id must be a positive whole number': 'कुपनको id शून्यभन्दा ठूलो पूर्णाङ्क हुनुपर्छ',
  'A coupon with this code already exists': 'यो कोडको कुपन पहिल्यै छ',
  'Coupon not found': 'कुपन भेटिएन',
  'Category {id} does not exist': '{id} नम्बरको श्रेणी छैन',
  'Product {id} does not exist': '{id} नम्बरको सामान छैन',
  'This coupon can be used from {day}': 'यो कुपन {day} देखि प्रयोग गर्न सकिन्छ',
  'This coupon has expired': 'यो कुपनको म्याद सकियो',
  'Add {missing} more of the items this coupon covers to use it (minimum {minimum})':
    'यो कुपन प्रयोग गर्न यसले समेट्ने सामान {missing} थप्नुहोस् (न्यूनतम {minimum})',
  'This coupon has been used up': 'यो कुपन सबै प्रयोग भइसक्यो',
  'You have already used this coupon': 'तपाईंले यो कुपन पहिल्यै प्रयोग गरिसक्नुभयो',
  'Nothing in your cart is covered by this coupon': 'तपाईंको कार्टमा यो कुपन लाग्ने कुनै सामान छैन',
  'Too many wrong coupon codes. Please try again in {minutes} minute{s}.':
    'धेरै पटक गलत कुपन कोड लेखियो। कृपया {minutes} मिनेटपछि फेरि प्रयास गर्नुहोस्।',
  'Cannot reopen this order: its coupon has been used up': 'यो अर्डर फेरि खोल्न मिल्दैन: यसको कुपन सबै प्रयोग भइसक्यो',

  // Campaigns (shared/campaigns.ts)
  'Variant {id} does not exist': '{id} नम्बरको भेरियन्ट छैन',
  'Sale price must be below the regular price ({regular})': 'सेल मूल्य नियमित मूल्यभन्दा कम हुनुपर्छ ({regular})',
  'Campaign id must be a positive whole number': 'अभियानको id शून्यभन्दा ठूलो पूर्णाङ्क हुनुपर्छ',
  'Campaign not found': 'अभियान भेटिएन',
  'The end must be in the future': 'अन्त्य भविष्यमा हुनुपर्छ',
  'This campaign has ended and can no longer be changed': 'यो अभियान सकिइसक्यो, अब बदल्न मिल्दैन',
  // Reviews (shared/reviews.ts)
  'Review id must be a positive whole number': 'समीक्षाको id शून्यभन्दा ठूलो पूर्णाङ्क हुनुपर्छ',
  'Product id must be a positive whole number': 'सामानको id शून्यभन्दा ठूलो पूर्णाङ्क हुनुपर्छ',
  'Review not found': 'समीक्षा भेटिएन',
  'Only shoppers who have received this product can review it': 'यो सामान पाइसकेका ग्राहकले मात्र यसको समीक्षा लेख्न सक्नुहुन्छ',
  'You have already reviewed this product; edit your review instead':
    'तपाईंले यो सामानको समीक्षा पहिल्यै लेखिसक्नुभयो; बरु आफ्नो समीक्षा सच्याउनुहोस्',
  'You have not reviewed this product yet': 'तपाईंले यो सामानको समीक्षा अहिलेसम्म लेख्नुभएको छैन',
  'You cannot mark your own review as helpful': 'आफ्नै समीक्षालाई उपयोगी भन्न मिल्दैन',
  'You cannot report your own review': 'आफ्नै समीक्षाको उजुरी गर्न मिल्दैन',
  'You have already marked this review as helpful': 'तपाईंले यो समीक्षालाई पहिल्यै उपयोगी भन्नुभएको छ',
  'You have already reported this review': 'तपाईंले यो समीक्षाको उजुरी पहिल्यै गरिसक्नुभयो',
  'Thank you. The shop will look at this review.': 'धन्यवाद। पसलले यो समीक्षा हेर्नेछ।',
  'A review can have at most {max} photos': 'एउटा समीक्षामा बढीमा {max} वटा फोटो राख्न सकिन्छ',
  'Send the photos as multipart/form-data': 'फोटो multipart/form-data मा पठाउनुहोस्',
  'Send the photos as "photos"': 'फोटो "photos" नामबाट पठाउनुहोस्',
  // Returns (shared/returns.ts)
  'Return not found': 'फिर्ता भेटिएन',
  'Category id must be a positive whole number': 'श्रेणीको id शून्यभन्दा ठूलो पूर्णाङ्क हुनुपर्छ',
  'Return id must be a positive whole number': 'फिर्ताको id शून्यभन्दा ठूलो पूर्णाङ्क हुनुपर्छ',
  'A return can be asked for once the order has been delivered': 'अर्डर डेलिभर भएपछि मात्र फिर्ता माग्न सकिन्छ',
  'The time to return this order has passed': 'यो अर्डर फिर्ता गर्ने समय सकियो',
  '{name} cannot be returned': '{name} फिर्ता गर्न मिल्दैन',
  'That item is not in this order': 'त्यो सामान यो अर्डरमा छैन',
  'Only {left} of {name} can still be returned': '{name} अब {left} वटा मात्र फिर्ता गर्न सकिन्छ',
  'This return is not at that step': 'यो फिर्ता त्यो चरणमा छैन',
  '{name} is out of stock: settle this return by refund instead': '{name} स्टकमा छैन: यो फिर्ता पैसा फिर्ता गरेर टुंग्याउनुहोस्',
  'A return can have at most {max} photos': 'एउटा फिर्तामा बढीमा {max} वटा फोटो राख्न सकिन्छ',
  'Photos must be sent in the photos field': 'फोटो photos नामबाट पठाउनुहोस्',
  'Photos can be added only while the return is waiting for the shop': 'फिर्ता पसलको निर्णय पर्खिरहेको बेला मात्र फोटो थप्न सकिन्छ',
  'Too many reviews at once. Please try again in {minutes} minute{s}.':
    'एकैपटक धेरै समीक्षा भए। कृपया {minutes} मिनेटपछि फेरि प्रयास गर्नुहोस्।',
  // Warranty claims (shared/warranty.ts)
  'Claim id must be a positive whole number': 'दाबीको id शून्यभन्दा ठूलो पूर्णाङ्क हुनुपर्छ',
  'Warranty claim not found': 'वारेन्टी दाबी भेटिएन',
  'A warranty claim can be opened once the order has been delivered': 'अर्डर डेलिभर भएपछि मात्र वारेन्टी दाबी खोल्न सकिन्छ',
  '{name} has no warranty counted by the shop': '{name} को वारेन्टी पसलले गन्दैन',
  '{name} can still be returned: use a return instead': '{name} अझै फिर्ता गर्न सकिन्छ: बरु फिर्ता माग्नुहोस्',
  'The warranty of {name} has ended': '{name} को वारेन्टी सकियो',
  'Give the serial of the unit of {name} that needs repair': 'मर्मत चाहिने {name} को सिरियल नम्बर दिनुहोस्',
  'That serial is not one of the units of {name} in this order': 'त्यो सिरियल यो अर्डरको {name} को होइन',
  'This item was shipped without serials: leave the serial out': 'यो सामान सिरियलबिना पठाइएको थियो: सिरियल नलेख्नुहोस्',
  'This unit already has an open warranty claim': 'यो सामानको वारेन्टी दाबी पहिल्यै खुला छ',
  'This claim cannot move to that step': 'यो दाबी त्यो चरणमा जान मिल्दैन',
  // Delivery by district (shared/delivery.ts)
  'Cash on delivery is not offered in {district}. Please pay with eSewa or Khalti.':
    '{district} मा क्यास अन डेलिभरी उपलब्ध छैन। कृपया eSewa वा Khalti बाट भुक्तानी गर्नुहोस्।',
  // Couriers and serials (shared/shipping.ts)
  'Courier not found': 'कुरियर भेटिएन',
  'That courier is not in the shop’s list': 'त्यो कुरियर पसलको सूचीमा छैन',
  'Give both the courier and the tracking number': 'कुरियर र ट्र्याकिङ नम्बर दुवै दिनुहोस्',
  'Serial {serial} is given twice in this order': 'सिरियल {serial} यो अर्डरमा दुई पटक दिइयो',
  '{name} needs {quantity} serial{s}, one per unit': '{name} लाई हरेक थानको एउटा गरी {quantity} वटा सिरियल चाहिन्छ',
  '{name} cannot ship without each unit’s serial number': '{name} हरेक थानको सिरियल नम्बरबिना पठाउन मिल्दैन',
  'Courier, tracking number and serials are given only when the order is shipped':
    'कुरियर, ट्र्याकिङ नम्बर र सिरियल अर्डर पठाउँदा मात्र दिइन्छ',
  // Questions (shared/questions.ts)
  'Question id must be a positive whole number': 'प्रश्नको id शून्यभन्दा ठूलो पूर्णाङ्क हुनुपर्छ',
  'Question not found': 'प्रश्न भेटिएन',
  'Thank you. The shop will answer your question soon.': 'धन्यवाद। पसलले छिट्टै तपाईंको प्रश्नको उत्तर दिनेछ।',
  'You have just asked this question; the shop will answer it soon': 'तपाईंले भर्खरै यही प्रश्न सोध्नुभयो; पसलले छिट्टै उत्तर दिनेछ',
  'Too many questions at once. Please try again in {minutes} minute{s}.':
    'एकैपटक धेरै प्रश्न सोधियो। कृपया {minutes} मिनेटपछि फेरि प्रयास गर्नुहोस्।',
};

const lookup = nepaliLookup(ERRORS_NE, VALIDATION_NE, ZOD_DEFAULTS_NE);

/** An error message (or a field's) in the request's language; the English when it has no Nepali. */
export function serverMessage(message: string, locale: Locale): string {
  return locale === 'ne' ? (lookup(message) ?? message) : message;
}
