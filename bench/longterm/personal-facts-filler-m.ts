/**
 * Filler chatter for personal-facts probe M (written blind, see personal-facts-probe-m.ts): the ordinary things a
 * retired man in rural Nova Scotia asks an assistant while learning a tablet (tablet help, cooking, jobs around
 * the house and shop, sums, letters, health questions about other people, general questions). The user states no
 * fact about himself here; other people's jobs, towns, pets, diets and trucks are there as distractors.
 * Continued in personal-facts-filler-m2.ts.
 */

import { type FillerExchange, interleave } from './personal-facts-filler-c.ts';
import { generalQuestions, healthOfOthers, otherPeople, sums, writing } from './personal-facts-filler-m2.ts';

const tablet: readonly FillerExchange[] = [
  [
    'what is the cloud everybody keeps talking about. is my stuff up in the sky',
    "Not in the sky! 'The cloud' just means your photos and files are copied onto a company's big computers over the internet, so you don't lose them if the tablet breaks.",
  ],
  [
    'got a text saying my package is held and to click a link and pay 2 dollars. real?',
    "That's almost certainly a scam. Don't tap the link. Canada Post and couriers don't ask for small fees by text. Delete it, and if you already entered card details, call your bank.",
  ],
  [
    'how do i take a picture of whats on the screen',
    'Press the power button and the volume-up button at the same time and let go. The screenshot goes into your photos.',
  ],
  [
    'Is it safe to do online banking on the Wi-Fi at the Tim Hortons?',
    "It's better not to. Public Wi-Fi can be snooped on. Use your own home internet or your phone's data for banking, and always log out when you're done.",
  ],
  [
    'the thing keeps asking me to update. do i have to',
    'You should, yes. Updates fix security holes. Plug it in at night and let it update while you sleep; it takes maybe twenty minutes.',
  ],
  [
    "What's the difference between Wi-Fi and data? The young fella at the store lost me.",
    "Wi-Fi is your house internet coming through the air from the box on the wall. Data is internet from the cell towers, which you pay for by the gigabyte. Use Wi-Fi at home and it doesn't cost you data.",
  ],
  [
    'how do i make a password that i can actually remember',
    'Use three or four random words strung together, like "TideKettleMaple47". Long is stronger than complicated. Write it down and keep it in a drawer at home, not on the tablet.',
  ],
  [
    'somebody on facebook with the same name as my cousin sent me a friend request but im already friends with him',
    "That's a cloned account, a common scam. Don't accept it. Report the profile and let your cousin know so he can warn his friends.",
  ],
  [
    'can i print from this thing to the printer in the den',
    'If the printer is a wireless one on the same Wi-Fi, open what you want to print, tap the share button and choose Print. An older printer with just a cable will need a newer one or an adapter.',
  ],
  [
    'what is a QR code, the menu at the restaurant only had one of them',
    'Point your camera at the square pattern and a link pops up; tap it and the menu opens. You can always ask the server for a paper menu.',
  ],
  [
    'videos on youtube are too quiet even with the volume up',
    'Check the volume slider inside the video too, and turn on captions with the CC button so you can read along. A small Bluetooth speaker helps a lot as well.',
  ],
  [
    'how do i delete a bunch of emails at once there are like 900 of them',
    'In your mail app tap Edit or Select, tick the ones you want, or Select All, then tap Trash. Empty the trash after to free up the space.',
  ],
  [
    'it says storage almost full. full of what',
    'Usually photos and videos. Go to Settings, then Storage, to see what takes the room. Backing photos up to the cloud and deleting old videos frees the most.',
  ],
  [
    'accidentally turned on something and now the tablet talks out loud everything i touch',
    "That's the screen reader. Triple-click the side button to turn it off, or go to Settings, Accessibility, and switch it off there. While it's on you have to double-tap to press things.",
  ],
];

const cooking: readonly FillerExchange[] = [
  [
    'how long do i boil a lobster, 1 and a half pounder',
    'About 12 to 14 minutes in well-salted boiling water from when it comes back to the boil. The shell goes bright red and the antennae pull out easily.',
  ],
  [
    'Could you give me a good seafood chowder recipe that feeds a crowd? The firehall supper is coming up.',
    'Sweat onion and celery in butter, add diced potatoes and fish stock, simmer until tender, then add haddock, scallops and shrimp for five minutes and finish with evaporated milk and cream. For 40 people, about 10 lb of seafood.',
  ],
  [
    'biscuits come out like hockey pucks every time',
    "Keep the butter cold, don't knead, and handle the dough as little as possible. Hot oven, 425°F, about 12 minutes. Cutting straight down without twisting helps them rise.",
  ],
  [
    'whats hodge podge exactly, the neighbours asked me to bring some',
    "It's the Nova Scotia summer stew of new baby vegetables: potatoes, beans, peas and carrots simmered, then finished with butter, cream or evaporated milk, salt and pepper.",
  ],
  [
    'how do you pickle beets so they keep all winter',
    'Boil the beets until tender, peel and slice, pack in hot jars and cover with a boiling brine of vinegar, sugar, water and a little salt and clove. Process 30 minutes in a water bath.',
  ],
  [
    'best way to clean mackerel. got a bucket of them off the wharf',
    'Cut behind the head, slit the belly, pull the guts out and rinse the dark line along the backbone. Cook them the same day, fried in butter or grilled.',
  ],
  [
    'Can I put a frozen roast straight into the slow cooker?',
    "It's not recommended: it sits too long in the danger zone. Thaw it in the fridge overnight first, or cook it in the oven from frozen, allowing about 50 percent more time.",
  ],
  [
    'molasses cookies for the lady next door who had surgery. soft kind',
    'Cream butter and brown sugar, beat in an egg and half a cup of molasses, add flour, soda, ginger and cinnamon. Chill the dough, roll in sugar, bake at 350°F for 10 minutes. Take them out while still soft.',
  ],
  [
    'what do i do with a turnip besides mash it',
    'Roast it in cubes with oil and salt, put it in a stew or a hodge podge, make turnip fries in the oven, or mash half and half with carrot.',
  ],
  [
    'how do you make fish cakes that dont fall apart',
    'Use dry mashed potato, not wet, flake the cooked fish well, bind with an egg and chill an hour before frying. A light coat of flour or breadcrumbs helps.',
  ],
  [
    'Is it safe to eat clams from the flats this time of year?',
    'Only if the area is open: check the Fisheries and Oceans Canada shellfish closure map for your area before digging, since red tide and runoff close beds.',
  ],
  [
    'how long is leftover chowder good in the fridge',
    "Two to three days. Seafood chowder is best eaten soon; reheat it gently until hot right through, and don't reheat it more than once.",
  ],
];

const aroundTheHouse: readonly FillerExchange[] = [
  [
    'Pipes in the crawl space froze last night. How do I thaw them without wrecking anything?',
    'Open the tap, then warm the pipe slowly with a hair dryer or heat lamp, starting near the tap. Never use a torch. Heat tape and pipe insulation afterwards will stop it happening again.',
  ],
  [
    'how do you sharpen a chisel properly',
    'Flatten the back on a stone, then hold the bevel at about 25 degrees and work it on a coarse, then fine stone until you feel a burr. Take the burr off on the flat back. A honing guide keeps the angle.',
  ],
  [
    'generator for power outages. how big do i need',
    'Add up what you want to run: fridge, freezer, well pump, furnace fan and some lights usually come to 5,000 to 7,500 watts. Get a transfer switch put in by an electrician.',
  ],
  [
    'what varnish for an old cedar canoe a buddy gave me',
    'A marine spar varnish with UV protection, thinned for the first coat. Sand between coats with 220 grit and put on at least three.',
  ],
  [
    'when do snow tires have to come off in nova scotia',
    "There's no law saying they must, but most people switch around late April. Studded tires are only allowed through the winter months, to the end of April.",
  ],
  [
    'mice in the shop again. anything besides traps',
    'Seal every gap bigger than a pencil with steel wool and caulk, keep birdseed and dog food in metal bins, and use snap traps with peanut butter along the walls.',
  ],
  [
    'how much firewood is a cord',
    'A full cord is a stack 4 feet high, 4 feet wide and 8 feet long, 128 cubic feet. A face cord is just one row of 16-inch pieces, so about a third.',
  ],
  [
    'the storm door keeps slamming, closer is shot i think',
    'Adjust the screw on the end of the closer to slow it down first. If it still slams or leaks oil, replace it; they cost around twenty dollars and go on with a few screws.',
  ],
  [
    'Is a heat pump worth it down here, compared to oil?',
    'For most Nova Scotia homes, yes: a ductless heat pump heats well down to around minus 20 and costs much less to run than oil. The province has rebates that help with the price.',
  ],
  [
    'whats the best way to get rust off old hand tools',
    'Soak them overnight in white vinegar, scrub with steel wool, rinse, dry straight away and wipe with a light oil. Electrolysis works for bigger pieces.',
  ],
  [
    'how do i get a well water test done',
    'Pick up sample bottles from an accredited lab, follow the instructions exactly, and have it back within 24 hours. Test for bacteria every year and for chemicals every two years.',
  ],
];

/** The filler exchanges, topics interleaved so each session holds a mix. */
export const fillerExchanges: readonly FillerExchange[] = interleave([
  tablet,
  cooking,
  otherPeople,
  aroundTheHouse,
  sums,
  writing,
  healthOfOthers,
  generalQuestions,
]);
