package rdma.foreign;

import rdma.testsupport.ChapterReadmeTest;

/** The appendix's README quotes the code that runs. */
class ReadmeTest extends ChapterReadmeTest {
}
