// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for fw_devlink: the device links that the driver core makes
 * from the dependencies a device tree lists.
 *
 * An overlay (fw_devlink_kunit.dtso) adds a reset controller and a device
 * that uses one of its resets; the test makes a platform device for each,
 * with the node as its firmware node. With fw_devlink, the consumer gets
 * a device link to the supplier when it is added: it is not probed until
 * the supplier is bound, and the supplier's sync_state() waits until the
 * consumer is. Without fw_devlink (CONFIG_FW_DEVLINK=n, or x86, whose
 * device tree nodes fw_devlink does not parse) there is no link: the
 * consumer is probed at once and sync_state() runs when the supplier is
 * bound. Either way both end up bound, and sync_state() runs once.
 */

#include <kunit/of.h>
#include <kunit/platform_device.h>
#include <kunit/test.h>
#include <linux/device.h>
#include <linux/of.h>
#include <linux/platform_device.h>

#define FWDL_SUPPLIER	"kunit-fwdl-supplier"
#define FWDL_CONSUMER	"kunit-fwdl-consumer"

static atomic_t fwdl_sync_state_calls;

/* fw_devlink links device tree dependencies, except on x86 */
static bool fwdl_links(void)
{
	return IS_ENABLED(CONFIG_FW_DEVLINK) && !IS_ENABLED(CONFIG_X86);
}

static int fwdl_probe(struct platform_device *pdev)
{
	return 0;
}

static void fwdl_sync_state(struct device *dev)
{
	atomic_inc(&fwdl_sync_state_calls);
}

static struct platform_driver fwdl_supplier_driver = {
	.probe = fwdl_probe,
	.driver = {
		.name = FWDL_SUPPLIER,
		.sync_state = fwdl_sync_state,
	},
};

static struct platform_driver fwdl_consumer_driver = {
	.probe = fwdl_probe,
	.driver = {
		.name = FWDL_CONSUMER,
	},
};

static void fwdl_register(struct kunit *test, struct platform_driver *drv)
{
	KUNIT_ASSERT_EQ(test, kunit_platform_driver_register(test, drv), 0);
}

/* A platform device for the overlay's node @path */
static struct device *fwdl_add_device(struct kunit *test, const char *name,
				      const char *path)
{
	struct platform_device *pdev;
	struct device_node *np;

	np = of_find_node_by_path(path);
	KUNIT_ASSERT_NOT_NULL_MSG(test, np, "%s is not in the tree", path);
	pdev = kunit_platform_device_alloc(test, name, PLATFORM_DEVID_NONE);
	if (!pdev)
		of_node_put(np);
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	/* the device's release puts the node */
	device_set_node(&pdev->dev, of_fwnode_handle(np));
	KUNIT_ASSERT_EQ(test, kunit_platform_device_add(test, pdev), 0);
	return &pdev->dev;
}

/* The supplier of @con's only device link, or NULL */
static struct device *fwdl_supplier_of(struct device *con)
{
	struct device_link *link;

	if (list_empty(&con->links.suppliers))
		return NULL;
	link = list_first_entry(&con->links.suppliers, struct device_link,
				c_node);
	return link->supplier;
}

static int fwdl_init(struct kunit *test)
{
	if (!of_root)
		kunit_skip(test, "no device tree to add the test nodes to");
	KUNIT_ASSERT_EQ(test, of_overlay_apply_kunit(test, fw_devlink_kunit),
			0);
	atomic_set(&fwdl_sync_state_calls, 0);
	return 0;
}

/* Consumer driver first: the consumer waits for the supplier's driver */
static void fwdl_consumer_waits_test(struct kunit *test)
{
	struct device *sup, *con;

	sup = fwdl_add_device(test, FWDL_SUPPLIER,
			      "/kunit-fw-devlink/supplier");
	fwdl_register(test, &fwdl_consumer_driver);
	con = fwdl_add_device(test, FWDL_CONSUMER,
			      "/kunit-fw-devlink/consumer");
	wait_for_device_probe();

	if (fwdl_links()) {
		KUNIT_EXPECT_PTR_EQ(test, fwdl_supplier_of(con), sup);
		KUNIT_EXPECT_FALSE(test, device_is_bound(con));
	} else {
		KUNIT_EXPECT_NULL(test, fwdl_supplier_of(con));
		KUNIT_EXPECT_TRUE(test, device_is_bound(con));
	}

	fwdl_register(test, &fwdl_supplier_driver);
	wait_for_device_probe();
	KUNIT_EXPECT_TRUE(test, device_is_bound(sup));
	KUNIT_EXPECT_TRUE(test, device_is_bound(con));
	KUNIT_EXPECT_EQ(test, atomic_read(&fwdl_sync_state_calls), 1);
}

/* Supplier driver first: its sync_state() waits for the consumer */
static void fwdl_sync_state_waits_test(struct kunit *test)
{
	struct device *sup, *con;

	sup = fwdl_add_device(test, FWDL_SUPPLIER,
			      "/kunit-fw-devlink/supplier");
	con = fwdl_add_device(test, FWDL_CONSUMER,
			      "/kunit-fw-devlink/consumer");
	fwdl_register(test, &fwdl_supplier_driver);
	wait_for_device_probe();
	KUNIT_EXPECT_TRUE(test, device_is_bound(sup));
	KUNIT_EXPECT_EQ(test, atomic_read(&fwdl_sync_state_calls),
			fwdl_links() ? 0 : 1);

	fwdl_register(test, &fwdl_consumer_driver);
	wait_for_device_probe();
	KUNIT_EXPECT_TRUE(test, device_is_bound(con));
	KUNIT_EXPECT_EQ(test, atomic_read(&fwdl_sync_state_calls), 1);
}

static struct kunit_case fwdl_test_cases[] = {
	KUNIT_CASE(fwdl_consumer_waits_test),
	KUNIT_CASE(fwdl_sync_state_waits_test),
	{}
};

static struct kunit_suite fwdl_test_suite = {
	.name = "fw_devlink",
	.init = fwdl_init,
	.test_cases = fwdl_test_cases,
};

kunit_test_suite(fwdl_test_suite);

MODULE_DESCRIPTION("KUnit tests for fw_devlink");
MODULE_LICENSE("GPL");
